#if ImplicitsAnalysis
import Dispatch
import Foundation

/// The outputs' work that does not wait for the whole result, on one thread of its own
/// that starts when the graph is built (`Analyzer.analyze(_:sources:cache:lastGraph:early:)`).
///
/// After the graph is built the main thread solves it (183 M instructions at 5,000
/// generated files, body edit), diagnoses it (65 M) and saves the caches, with the second
/// core all but idle; then `CheckRun.render` ran three threads beside the main one on two
/// cores (support file 118 M, listings 87 M, graph facts 64 M). What reads only the
/// summaries and the graph's nodes and edges — the interface's listings, each node's file
/// and each file's upstream files (`ReprintedEntries`) — is made here during the solve, and
/// the support file, which reads the solved requirements, right after it, beside the
/// diagnosis. Each is made by the same code from the same inputs as in `render`: the result
/// handed here lacks only the diagnostics, which none of them reads.
///
/// With a cache, the interface's functions are ordered here too, right after the solve and
/// before the support file (the order compares tied functions by their requirements): the
/// main thread, diagnosing meanwhile, takes it in `render`, where it was 68 M of its work.
final class EarlyOutputs: @unchecked Sendable {
  /// Each node's file and each file's upstream files (`ReprintedEntries`).
  struct GraphFacts: Sendable {
    var nodeFiles: ReprintedEntries.NodeFiles
    var upstream: [[Int]]
  }

  /// The interface's output opened (`OutputFile.Stream`), the last run's record if it
  /// describes that file, and the two runs' files matched (`ReprintedEntries.FileMapping`).
  struct InterfaceStart {
    var stream: OutputFile.Stream
    var usable: ReusedEntries.Record?
    var files: ReprintedEntries.FileMapping?
  }

  private let interfacePath: String?
  private let cached: Bool
  private let record: ReusedEntries.Record?
  private let supportFilePath: String?
  /// Written by the thread, read by the caller after the semaphore that follows them.
  private var listings: InterfaceListings?
  private var graphFacts: GraphFacts?
  private var interfaceStart: InterfaceStart?
  private var order: InterfaceOrder?
  private var supportFile: OutputFile.Stream?
  /// Written by the caller before `solvedReady` is signalled.
  private var solvedResult: AnalysisResult?
  private let solvedReady = DispatchSemaphore(value: 0)
  private let graphRead = DispatchSemaphore(value: 0)
  private let orderMade = DispatchSemaphore(value: 0)
  private let supportFileMade = DispatchSemaphore(value: 0)
  /// The caller's own (the thread reads none).
  private var started = false
  private var graphReadWaited = false
  private var orderWaited = false

  /// `nil` when there is nothing to make early. `cached`: with a cache, whose record the
  /// interface's reuse writes; `record`: the last run's (`ReusedEntries.take`).
  init?(interface: String?, cached: Bool, record: ReusedEntries.Record?, supportFile: String?) {
    guard interface != nil || supportFile != nil else { return nil }
    interfacePath = interface
    self.cached = cached
    self.record = record
    supportFilePath = supportFile
  }

  /// The result with the graph as built (`GraphBuilder.solve(built:)`): the thread starts.
  func built(_ result: AnalysisResult) {
    start(built: result)
  }

  /// The result with the graph solved: the support file is made. Starts the thread if
  /// `built` was not called (the tests' `Renumbering` changes the ids after the solve).
  func solved(_ result: AnalysisResult) {
    if !started { start(built: nil) }
    solvedResult = result
    solvedReady.signal()
  }

  private func start(built: AnalysisResult?) {
    started = true
    let thread = Thread { [self] in
      let early = built ?? takeSolved()
      // As `render` would, with a cache and replayed files: the reuse's inputs.
      let reuses = cached && early.replayed != nil
      // The thread's own copy: the caller takes `interfaceStart` once `graphRead` is signalled.
      var start: InterfaceStart?
      if let interfacePath {
        listings = early.listings()
        let stream = OutputFile.Stream(path: interfacePath)
        let usable = reuses ? record.flatMap { record in
          record.output == interfacePath && stream.oldIdentity == record.identity ? record : nil
        } : nil
        let files = usable.map { ReprintedEntries.FileMapping(old: $0.paths, new: early.paths) }
        start = InterfaceStart(stream: stream, usable: usable, files: files)
        interfaceStart = start
        if reuses {
          let nodeFiles = ReprintedEntries.NodeFiles(early.solved, fileCount: early.paths.count)
          graphFacts = GraphFacts(nodeFiles: nodeFiles, upstream: ReprintedEntries.upstreamFiles(early.solved, nodeFiles))
        }
      }
      graphRead.signal()
      let solved = built == nil ? early : takeSolved()
      if reuses, let start {
        let files = start.files
        order = solved.interfaceOrder(
          keeping: start.usable.map { record in { KeptOrder(record: record, newFile: files!.new) } }, collectsKeys: false,
          listings: listings)
      }
      orderMade.signal()
      if let supportFilePath {
        // Compared with the old file as it is written (`OutputFile.Stream`); put in place by the caller.
        let stream = OutputFile.Stream(path: supportFilePath)
        let bytes = solved.supportFileBytes
        withExtendedLifetime(bytes) { stream.write(bytes.bytes) }
        supportFile = stream
      }
      supportFileMade.signal()
    }
    thread.start()
  }

  private func takeSolved() -> AnalysisResult {
    solvedReady.wait()
    return solvedResult.take()!
  }

  /// Whether the thread runs: the accessors below answer only then (`nil` otherwise: the
  /// caller makes the outputs itself, as in several build configurations).
  var isStarted: Bool { started }

  /// The interface's listings, once made.
  func madeListings() -> InterfaceListings? {
    waitForGraphRead()
    return listings
  }

  /// The graph facts, once made; `nil` without a cache or replayed files.
  func madeGraphFacts() -> GraphFacts? {
    waitForGraphRead()
    return graphFacts
  }

  /// The interface's output opened, and the record that describes it. Called once.
  func madeInterfaceStart() -> InterfaceStart? {
    waitForGraphRead()
    return interfaceStart.take()
  }

  /// The interface's functions in order (`AnalysisResult.interfaceOrder(keeping:collectsKeys:listings:)`,
  /// keys collected only for ties), once made; `nil` without a cache or replayed files. Called once.
  func madeOrder() -> InterfaceOrder? {
    guard started, !orderWaited else { return nil }
    orderMade.wait()
    orderWaited = true
    return order.take()
  }

  /// The support file's stream, once written. Called once.
  func madeSupportFile() -> OutputFile.Stream? {
    guard started else { return nil }
    supportFileMade.wait()
    return supportFile.take()
  }

  private func waitForGraphRead() {
    guard started, !graphReadWaited else { return }
    graphRead.wait()
    graphReadWaited = true
  }
}
#endif
