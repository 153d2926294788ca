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
