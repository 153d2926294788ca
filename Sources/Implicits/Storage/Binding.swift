import ImplicitsCSupport

/// A visible binding, type-erased: what bags capture and dumps show.
@usableFromInline
struct _Binding {
  var key: UnsafeRawPointer
  var payload: UInt
  var flags: UInt32
  var valueType: UnsafeRawPointer
  var file: UnsafePointer<CChar>?
  var line: UInt32
  /// Depth of the frame holding the binding (0 = outermost), when known.
  var frame: Int?

  init(record: ims_record) {
    key = record.key
    payload = record.payload
    flags = record.flags
    valueType = record.value_type
    file = record.file
    line = record.line
    frame = Int(record.frame)
  }

  init(
    key: UnsafeRawPointer, payload: UInt, flags: UInt32, valueType: UnsafeRawPointer,
    file: UnsafePointer<CChar>?, line: UInt32, frame: Int?
  ) {
    self.key = key
    self.payload = payload
    self.flags = flags
    self.valueType = valueType
    self.file = file
    self.line = line
    self.frame = frame
  }

  var value: Any {
    _Payload.decodeAny(payload, flags: flags, valueType: unsafeBitCast(valueType, to: Any.Type.self))
  }

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
