@testable import Implicits
import ImplicitsCSupport
import ImplicitsCSupport.Testing
import Testing

/// `ims_thread_push_bag` reads a bag's count, table cell and bindings from its storage
/// object at fixed offsets: they must be where Swift puts them.
@Suite struct BagLayoutTests {
  @Test func theCoreFindsTheBagsFieldsWhereSwiftPutsThem() {
    let storage = _BagStorage.make(capacity: 3)
    let object = UnsafeMutableRawPointer(Unmanaged.passUnretained(storage).toOpaque())
    storage.withUnsafeMutablePointers { header, bindings in
      let headerAddress = UnsafeMutableRawPointer(header)
      #expect(object + ims_bag_storage_offset(0) == headerAddress + MemoryLayout<_BagHeader>.offset(of: \.count)!)
      #expect(object + ims_bag_storage_offset(1) == headerAddress + MemoryLayout<_BagHeader>.offset(of: \.table)!)
      #expect(object + ims_bag_storage_offset(2) == UnsafeMutableRawPointer(bindings))
    }
  }
}
