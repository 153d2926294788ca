struct Clock {}

final class Model {
  @Implicit() var clock: Clock // expected-note@:19 {{'Clock' is read by this stored property when 'init(_ scope:)' runs}}
}
