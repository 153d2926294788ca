/// A small seeded generator (SplitMix64): the model tests replay a program from its seed.
struct SplitMix {
  var state: UInt64

  /// The next 64 random bits.
  mutating func nextWord() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    Int(nextWord() % UInt64(bound))
  }

  /// Whether an event of probability 1/`odds` happens.
  mutating func oneIn(_ odds: Int) -> Bool { next(odds) == 0 }

  /// An independent generator for a child (a task or a thread of the program).
  mutating func split() -> SplitMix { SplitMix(state: nextWord()) }
}
