import ImplicitsCSupport
import ImplicitsCSupport.Testing
import Testing

@testable import Implicits

/// Drives the C context directly with random operations and compares every step with a
/// plain Swift model (a stack of dictionaries), checking the C invariants after each.
@Suite struct JournalModelTests {
  struct Model {
    var frames: [(values: [Int: UInt], barrier: Bool)] = []
    func lookup(_ key: Int) -> UInt? {
      for frame in frames.reversed() {
        if let value = frame.values[key] { return value }
        if frame.barrier { return nil }
      }
      return nil
    }
  }

  static func key(_ index: Int) -> UnsafeRawPointer { UnsafeRawPointer(bitPattern: (index + 1) * 16)! }

  /// Ends the innermost frame as `end()` does: steps until the frame is closed.
  static func endInnermostFrame(_ slot: inout UnsafeMutablePointer<ims_context>?) {
    while !ims_frame_end_next(&slot).closed {}
  }

  /// Object payloads are whatever bits the reference has: on Apple platforms an
  /// Objective-C tagged pointer (a small `NSNumber`, `NSString`, `NSDate`) may have bit 0 set.
  /// Ending a frame must hand every one back unchanged, and say "closed" only after the last.
  @Test func endingAFrameHandsBackObjectPayloadsWithAnyLowBits() {
    let released = onThread { () -> [UInt] in
      var slot: UnsafeMutablePointer<ims_context>? = nil
      _ = ims_frame_push(&slot, false, nil, 0)
      let flags = UInt32(IMS_FLAG_OBJECT)
      for (index, payload) in [0x1001, 0x2003, 0x3007].enumerated() {
        _ = ims_declare(slot, Self.key(index), UInt(payload), flags, nil, 0)
      }
      var released: [UInt] = []
      while true {
        let step = ims_frame_end_next(&slot)
        if step.release != 0 { released.append(step.release) }
        if step.closed { break }
      }
      // Nothing left open: the frame was the outermost, so the context is gone.
      return slot == nil ? released : []
    }
    #expect(released == [0x3007, 0x2003, 0x1001])
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomOperationsMatchTheModel(seed: UInt64) {
    let mismatch = onThread { () -> String? in
      var random = SplitMix(state: seed)
      var model = Model()
      var slot: UnsafeMutablePointer<ims_context>? = nil
      // Bags live as long as the test (a restored bag's frame may read their bindings until
      // it ends); bags are restored again and again, so that most restores after the first
      // point the context at the bag's table instead of copying.
      var bags: [Bag] = []
      defer { bags.forEach { $0.free() } }
      for step in 0..<3_000 {
        let operation = random.next(13)
        if operation >= 10 {
          // A bag restore: a barrier frame holding the bag, its values borrowed. Up to 80
          // distinct keys, so that restores into an empty journal fit the inline storage or not.
          let bag: Bag
          if bags.count < 6 || random.next(4) == 0 {
            let size = random.next(81)
            var values: [Int: UInt] = [:]
            while values.count < size { values[random.next(300)] = UInt(step * 1_000 + values.count) }
            bag = Bag(values)
            bags.append(bag)
          } else {
            bag = bags[random.next(bags.count)]
          }
          // An empty bag has no storage to hold (as the runtime restores `Implicits()`).
          let holder: UInt = bag.values.isEmpty ? 0 : 8
          _ = ims_frame_push_bag(
            &slot, bag.bindings.baseAddress, UInt32(bag.bindings.count), holder, bag.table, nil, 0)
          model.frames.append((bag.values, true))
        } else if operation == 12 {
          // What a dump or a capture does first: the bag's bindings copied in.
          if let context = slot, context.pointee.swapped_table != nil { ims_bag_materialize(context) }
        } else if model.frames.isEmpty || operation < 2 {
          let barrier = random.next(8) == 0
          _ = ims_frame_push(&slot, barrier, nil, 0)
          model.frames.append(([:], barrier))
        } else if operation < 4 {
          Self.endInnermostFrame(&slot)
          model.frames.removeLast()
        } else {
          let key = random.next(300)
          let value = UInt(step)
          _ = ims_declare(slot, Self.key(key), value, 0, nil, 0)
          model.frames[model.frames.count - 1].values[key] = value
        }
        if model.frames.isEmpty {
          if slot != nil { return "context not freed at step \(step)" }
          continue
        }
        if let violation = ims_check_invariants(slot) { return "step \(step): \(String(cString: violation))" }
        for key in 0..<300 {
          let found = ims_lookup_payload_in(slot, Self.key(key))?.pointee
          if found != model.lookup(key) { return "step \(step): key \(key) is \(String(describing: found)), model says \(String(describing: model.lookup(key)))" }
        }
      }
      while !model.frames.isEmpty {
        Self.endInnermostFrame(&slot)
        model.frames.removeLast()
      }
      return slot == nil ? nil : "context not freed at the end"
    }
    #expect(mismatch == nil)
  }

  /// A bag's bindings and table cell, at stable addresses.
  struct Bag {
    let values: [Int: UInt]
    let bindings: UnsafeMutableBufferPointer<ims_binding>
    let table: UnsafeMutablePointer<UInt>

    init(_ values: [Int: UInt]) {
      self.values = values
      bindings = .allocate(capacity: values.count)
      _ = bindings.initialize(from: values.map { key, value in
        ims_binding(key: JournalModelTests.key(key), payload: value, file: nil, line: 0, flags: 0)
      })
      table = .allocate(capacity: 1)
      table.initialize(to: 0)
    }

    func free() {
      ims_bag_table_release(table.pointee)
      table.deallocate()
      bindings.deallocate()
    }
  }
}
