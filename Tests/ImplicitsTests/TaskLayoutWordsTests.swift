import Testing

@testable import Implicits

/// The packed words of the task layout read and write their fields without disturbing
/// each other.
@Suite struct TaskLayoutWordsTests {
  @Test(arguments: [(8, 16, 24), (0x1F8, 0x10, 0), (0xFFF8, 0xFFF8, 0xFFF8)])
  func theLayoutWordKeepsEachOffsetAndTheChecks(offsets: (head: Int, last: Int, records: Int)) {
    var word = _TaskLayoutWord(head: offsets.head, lastAllocation: offsets.last, records: offsets.records)
    #expect(word != .unverified && word != .entryPointsOnly)
    #expect(word.markers == .notYet && word.groupRecords == .notYet)
    for (markers, group) in [(_TaskLayoutWord.Check.agrees, _TaskLayoutWord.Check.differs), (.differs, .agrees), (.notYet, .notYet)] {
      word.markers = markers
      word.groupRecords = group
      #expect(word.markers == markers && word.groupRecords == group)
      #expect(word.head == offsets.head)
      #expect(word.lastAllocation == offsets.last)
      #expect(word.records == offsets.records)
    }
  }

  /// Two tasks checking at once may publish both answers: that is a contradiction, never
  /// agreement.
  @Test func aCheckWithBothAnswersIsContradicted() {
    var word = _TaskLayoutWord(head: 8, lastAllocation: 16, records: 24)
    word.finishedChildren = _TaskLayoutWord.Check(rawValue: 3)
    #expect(word.finishedChildren.contradicted && word.finishedChildren != .agrees)
    #expect(_TaskLayoutWord.Check.differs.contradicted)
    #expect(!_TaskLayoutWord.Check.agrees.contradicted && !_TaskLayoutWord.Check.notYet.contradicted)
    // The three answers live in bits of their own.
    word.markers = .agrees
    word.groupRecords = .differs
    #expect(word.finishedChildren.rawValue == 3 && word.markers == .agrees && word.groupRecords == .differs)
    #expect(word.head == 8 && word.lastAllocation == 16 && word.records == 24)
  }

  /// Asked for the runtime's entry points where the layout verifies, the word keeps the
  /// offsets readable (for `end()`'s look at the status records) but says to bind through
  /// the runtime; the entry-points-only word has no offsets at all.
  @Test(arguments: [(8, 16, 24), (0x1F8, 0x10, 0), (0xFFF8, 0xFFF8, 0xFFF8), (0x40, 0, 0x48)])
  func theEntryPointsBitKeepsTheOffsetsReadable(offsets: (head: Int, last: Int, records: Int)) {
    let verified = _TaskLayoutWord(head: offsets.head, lastAllocation: offsets.last, records: offsets.records)
    #expect(!verified.usesEntryPoints && verified.hasOffsets)
    let forced = verified.bindingThroughEntryPoints
    #expect(forced.usesEntryPoints && forced.hasOffsets)
    #expect(forced != .unverified && forced != .entryPointsOnly && forced != verified)
    #expect(forced.head == offsets.head && forced.lastAllocation == offsets.last && forced.records == offsets.records)
    #expect(_TaskLayoutWord.entryPointsOnly.usesEntryPoints && !_TaskLayoutWord.entryPointsOnly.hasOffsets)
    #expect(!_TaskLayoutWord.unverified.hasOffsets)
  }

  @Test(arguments: [0, 1, 7, 255, 0x1_0000, _TaskBinding.Flags.maximumDepth])
  func aBindingsFlagsKeepThePayloadFlagsAndTheDepth(depth: UInt32) {
    for payload: UInt32 in [0, 1, 0x5A, 0xFF] {
      let own = _TaskBinding.Flags(payload: payload)
      #expect(own.payload == payload && own.declaringDepth == nil)
      let declared = own.declared(atDepth: depth)
      #expect(declared.payload == payload && declared.declaringDepth == depth)
      // Naming another depth replaces the first.
      #expect(declared.declared(atDepth: 3).declaringDepth == 3)
    }
    // Bits above the payload flags are not taken for a depth.
    #expect(_TaskBinding.Flags(payload: 0x1234).payload == 0x34)
    #expect(_TaskBinding.Flags(payload: 0x1234).declaringDepth == nil)
  }

  @Test func aBindingNamingNoDepthIsErasedAtTheFrameItIsFoundThrough() {
    let key = UnsafeRawPointer(bitPattern: 0x1000)!
    let own = _TaskBinding(key: key, object: nil, bits: 7, file: nil, line: 0, flags: .init(payload: 0))
    #expect(own.erased(frameDepth: 4).frame == 4)
    #expect(own.at(depth: 2).erased(frameDepth: 4).frame == 2)
  }

  @Test func aBindingDeclaredTooDeepStops() async {
    await #expect(processExitsWith: .failure) {
      _ = _TaskBinding.Flags(payload: 0).declared(atDepth: _TaskBinding.Flags.maximumDepth + 1)
    }
  }

  @Test func anItemLinkSaysWhatItsFlagBitsSay() {
    let next = UnsafeMutableRawPointer(bitPattern: 0x1000)!
    let value = _TaskLocalItem.Link(next: next, groupBitOf: .groupBit(false))
    #expect(value.next == next && value.isValue && !value.inGroupBody && !value.isParentMarker)
    let inBody = _TaskLocalItem.Link(next: next, groupBitOf: .groupBit(true))
    #expect(inBody.next == next && inBody.isValue && inBody.inGroupBody)
    // A link copies only the group bit of the link it takes it from.
    #expect(_TaskLocalItem.Link(next: nil, groupBitOf: inBody).rawValue == _TaskLocalItem.Link.groupBit(true).rawValue)
    let parentMarker = _TaskLocalItem.Link(rawValue: 0x1000 | 4)
    #expect(parentMarker.isParentMarker && !parentMarker.isValue && parentMarker.next == next)
    let stopMarker = _TaskLocalItem.Link(rawValue: 0x1000 | 6)
    #expect(!stopMarker.isParentMarker && !stopMarker.isValue)
  }
}
