#if ImplicitsAnalysis
import Foundation

/// The implicit callee of each call that passes a scope, and how notes name it, looked up
/// on the other core while the edges are added.
///
/// Looking calls up (`SymbolTable.candidates`) was a fifth of the graph build, which runs
/// on one core while the other idles; it only reads the symbol table, complete once the
/// closure constants are in. A thread of its own looks the files up in runs, in file
/// order, while the edges are added one file after another on the calling thread, which
/// takes each run's answers when it gets there, or looks the run up itself if the thread
/// has not claimed it (a loaded machine may not give that thread a core). Every node and
/// key is numbered as before, so the solve's work order, notes and interface links do not
/// change. Only the common answer is kept, one callable per call, with the name its edge
/// gets (`GraphBuilder.calledName`: the signature, made as a string, and for an initializer
/// its type, looked up once more); no callee or several are looked up again where the edge
/// is added (they make nodes or diagnostics).
///
/// With the change index on (`ChangeIndex.Reads`), the lookups of each file whose row is
/// made record the names they read (`LookupReads`) as they are made, and the file's bag
/// passes are looked up for it too (the edges look those up later, on the calling thread):
/// the index needs no pass of its own over the calls.
final class CallLookups: @unchecked Sendable {
  /// Per contribution of every file, flat (`starts[file]` is a file's first): the one
  /// implicit callee's index in `SymbolTable.callables`, or `unknown`. A run of files is
  /// written by whoever claimed it, and read once it is `finished`.
  private let callees: UnsafeMutableBufferPointer<Int32>
  /// Beside each callee found, the call's name as its edge's role names it.
  private let names: UnsafeMutableBufferPointer<String?>
  private let starts: [Int]
  private let files: [FileSummary]
  private let symbols: SymbolTable
  private let filesPerRun: Int
  /// How many runs there are: read without the lock, so not taken from `finished`, which
  /// the other thread writes under it (ThreadSanitizer reported that read as a race).
  private let runCount: Int
  /// Where the files whose change index row is made put their lookups' reads.
  private let recording: ChangeIndex.Reads?
  /// Guards `claimed` and `finished`, and wakes the calling thread when a run it waits
  /// for is finished.
  private let state = NSCondition()
  private var claimed: [Bool]
  private var finished: [Bool]
  /// The calling thread's: the run whose answers it has.
  private var taken = -1
  /// Under `state`: no run after it is unclaimed (`claimLast`).
  private var back: Int

  private static let unknown: Int32 = -1

  /// Clean files' calls answered from the last run's graph instead (`PatchedCalls`), if set.
  private let patch: PatchedCalls?

  init(files: [FileSummary], symbols: SymbolTable, recording: ChangeIndex.Reads? = nil, patch: PatchedCalls? = nil) {
    self.patch = patch
    var starts = [0]
    starts.reserveCapacity(files.count + 1)
    for index in files.indices { starts.append(starts[index] + files[index].contributions.count) }
    self.starts = starts
    self.files = files
    self.symbols = symbols
    self.recording = recording
    callees = .allocate(capacity: starts[files.count])
    callees.initialize(repeating: Self.unknown)
    names = .allocate(capacity: starts[files.count])
    names.initialize(repeating: nil)
    // Runs of up to 64 files (a file's lookups take a few microseconds), at least two
    // when there are two files, so that a small module goes the same way as a large one.
    filesPerRun = min(64, max(1, files.count / 16))
    let runs = (files.count + filesPerRun - 1) / filesPerRun
    runCount = runs
    back = runs - 1
    claimed = Array(repeating: false, count: runs)
    finished = Array(repeating: false, count: runs)
    guard runs > 1 else { return }
    Thread { [self] in
      for run in 0..<runs where claim(run) { lookUp(run) }
    }.start()
  }

  deinit {
    callees.deallocate()
    _ = names.deinitialize()
    names.deallocate()
  }

  /// The callee of contribution `index` of `file` and the call's name, if it is a call
  /// with one implicit candidate. Called on one thread, for the files in order.
  func callee(file: FileID, index: Int) -> (callable: Int, name: String)? {
    let run = file.index / filesPerRun
    if run != taken {
      finish(run)
      taken = run
    }
    let slot = starts[file.index] + index
    guard callees[slot] != Self.unknown, let name = names[slot].take() else { return nil }
    return (Int(callees[slot]), name)
  }

  /// With the change index on: every run looked up, its reads recorded, before the index
  /// is made. A run none of whose files the edges asked about (no calls) may not have been
  /// claimed yet, or may still be running on the other thread.
  func finishRecording() {
    guard recording != nil else { return }
    for run in 0..<runCount { finish(run) }
  }

  /// Run `run` looked up here, or waited for if the other thread claimed it first. While
  /// it is not finished, this thread looks up the last runs nobody has claimed (the other
  /// thread claims from the front): the lookups were more work than the edges (~0.46 G
  /// instructions against ~0.31 G at 5,000 files), and this thread waited for them with
  /// its core idle. Each answer is the same whoever looks it up.
  private func finish(_ run: Int) {
    if claim(run) {
      lookUp(run)
      return
    }
    while let last = claimLast(after: run) { lookUp(last) }
    state.lock()
    while !finished[run] { state.wait() }
    state.unlock()
  }

  /// The last run after `run` that nobody has claimed, now claimed, unless `run` is
  /// finished already.
  private func claimLast(after run: Int) -> Int? {
    state.lock()
    defer { state.unlock() }
    if finished[run] { return nil }
    while back > run, claimed[back] { back -= 1 }
    guard back > run else { return nil }
    claimed[back] = true
    return back
  }

  private func claim(_ run: Int) -> Bool {
    state.lock()
    defer { state.unlock() }
    if claimed[run] { return false }
    claimed[run] = true
    return true
  }

  private func lookUp(_ run: Int) {
    for file in run * filesPerRun..<min(files.count, (run + 1) * filesPerRun) {
      if let patch, patch.answer(file: file, files[file], callees: callees, names: names, start: starts[file]) { continue }
      if let recording, recording.recordsLookups(file) {
        var table = symbols
        let reads = LookupReads()
        table.reads = reads
        lookUp(file, in: table)
        for pass in files[file].bagPasses { _ = table.candidates(for: pass.call, file: FileID(file)) }
        ChangeIndex.Reads.closureSites(of: files[file]) { _ = table.candidates(for: $0, file: FileID(file)) }
        ChangeIndex.Reads.readInitializerInheritance(of: files[file], in: table)
        recording.recordLookups(reads, file: file)
      } else {
        lookUp(file, in: symbols)
      }
    }
    state.lock()
    finished[run] = true
    state.broadcast()
    state.unlock()
  }

  /// The callees of `file`'s calls, found in `table` (which may record its reads).
  private func lookUp(_ file: Int, in table: SymbolTable) {
    for index in files[file].contributions.indices {
      guard case .call(let site) = files[file].contributions[index].source else { continue }
      let candidates = table.candidates(for: site, file: FileID(file))
      guard let only = table.onlyImplicit(among: candidates) else { continue }
      callees[starts[file] + index] = Int32(only)
      names[starts[file] + index] = GraphBuilder.calledName(site, file: FileID(file), symbols: symbols, candidates: candidates)
    }
  }
}
#endif
