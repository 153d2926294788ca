import ImplicitsCSupport

/// A visible binding, type-erased: what dumps show and the task path stores.
@usableFromInline
struct _Binding {
  var key: UnsafeRawPointer
  var payload: UInt
  var flags: UInt32
  var file: UnsafePointer<CChar>?
  var line: UInt32
  /// Depth of the frame holding the binding (0 = outermost), when known.
  var frame: Int?

  /// The binding of record `index` of `context`.
  init(context: UnsafePointer<ims_context>, index: UInt32) {
    var binding = ims_binding()
    guard ims_binding_at(context, index, &binding) else {
      _Diagnostics.fail("internal error: no journal record \(index)")
    }
    self.init(binding, frame: Int(ims_frame_of(context, index)))
  }

  init(_ binding: ims_binding, frame: Int? = nil) {
    self.init(
      key: binding.key, payload: binding.payload, flags: binding.flags,
      file: binding.file, line: binding.line, frame: frame)
  }

  init(
    key: UnsafeRawPointer, payload: UInt, flags: UInt32,
    file: UnsafePointer<CChar>?, line: UInt32, frame: Int?
  ) {
    self.key = key
    self.payload = payload
    self.flags = flags
    self.file = file
    self.line = line
    self.frame = frame
  }

  /// The C form, as bags store it.
  var cBinding: ims_binding {
    ims_binding(key: key, payload: payload, file: file, line: line, flags: flags)
  }

  var value: Any { _Payload.decodeAny(payload, flags: flags, key: key) }

  var location: String? {
    guard let file, file.pointee != 0 else { return nil }
    return "\(String(cString: file)):\(line)"
  }
}

extension StaticString {
  /// The C string of a literal (`#fileID` is always one), for the C core's records.
  @inlinable
  var _cString: UnsafePointer<CChar>? {
    guard hasPointerRepresentation else { return nil }
    return UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
  }
}
