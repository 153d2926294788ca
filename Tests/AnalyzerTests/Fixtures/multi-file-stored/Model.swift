struct Clock {}

final class Model {
  @Implicit() var clock: Clock
}
