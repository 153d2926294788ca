#if ImplicitsAnalysis
/// Lists a summary repeats, written once per writer and referred to by number after: the
/// labels its calls pass, the parameters its functions take, the keys that mask its
/// contributions. A repeat then costs a reference to read, not an array to allocate and fill
/// (the allocation alone ~370 instructions; a re-check at 5,000 files read ~95,000 label lists
/// and ~70,000 parameter lists, nearly all repeats within their file).
///
/// Numbered as strings are (`CacheWriter.write(_: String)`): `0` and the list the first time,
/// `n + 1` for the list of its kind first written `n`-th. A list's strings go through the
/// string table the first time only, on both sides.
struct CacheListNumbers {
  fileprivate var labels: [[String?]: Int] = [:]
  fileprivate var strings: [[String]: Int] = [:]
  fileprivate var parameters: [[ParameterInfo]: Int] = [:]
}

/// The lists `CacheReader` read so far, per kind, in order.
struct CacheListTable {
  fileprivate var labels: [[String?]] = []
  fileprivate var strings: [[String]] = []
  fileprivate var parameters: [[ParameterInfo]] = []
}

extension CacheWriter {
  // Each table is moved out while the list is written (the writer is written to meanwhile).
  mutating func write(shared list: [String?]) {
    var numbers: [[String?]: Int] = [:]
    swap(&numbers, &lists.labels)
    write(list, numbering: &numbers)
    swap(&numbers, &lists.labels)
  }

  mutating func write(shared list: [String]) {
    var numbers: [[String]: Int] = [:]
    swap(&numbers, &lists.strings)
    write(list, numbering: &numbers)
    swap(&numbers, &lists.strings)
  }

  mutating func write(shared list: [ParameterInfo]) {
    var numbers: [[ParameterInfo]: Int] = [:]
    swap(&numbers, &lists.parameters)
    write(list, numbering: &numbers)
    swap(&numbers, &lists.parameters)
  }

  private mutating func write<Element: CacheCodable & Hashable>(_ list: [Element], numbering numbers: inout [[Element]: Int]) {
    if let number = numbers[list] { return write(number + 1) }
    numbers[list] = numbers.count
    write(0)
    write(list)
  }
}

extension CacheReader {
  /// What `CacheWriter.write(shared:)` wrote.
  mutating func readShared() throws(Malformed) -> [String?] {
    var table: [[String?]] = []
    swap(&table, &lists.labels)
    defer { swap(&table, &lists.labels) }
    return try readList(numbering: &table)
  }

  mutating func readShared() throws(Malformed) -> [String] {
    var table: [[String]] = []
    swap(&table, &lists.strings)
    defer { swap(&table, &lists.strings) }
    return try readList(numbering: &table)
  }

  mutating func readShared() throws(Malformed) -> [ParameterInfo] {
    var table: [[ParameterInfo]] = []
    swap(&table, &lists.parameters)
    defer { swap(&table, &lists.parameters) }
    return try readList(numbering: &table)
  }

  private mutating func readList<Element: CacheCodable>(numbering table: inout [[Element]]) throws(Malformed) -> [Element] {
    let number: Int = try read()
    if number > 0 {
      guard number <= table.count else { throw Malformed() }
      return table[number - 1]
    }
    guard number == 0 else { throw Malformed() }
    let list: [Element] = try read()
    // A summary names a handful of lists of each kind: grown from empty, the table was
    // reallocated for each of the first few.
    if table.isEmpty { table.reserveCapacity(8) }
    table.append(list)
    return list
  }
}
#endif
