#if ImplicitsAnalysis
import Dispatch
import Foundation

/// The whole pipeline. Each pass lives in its own folder and hands plain data to the next:
///
/// | pass | where | output |
/// |---|---|---|
/// | read, parse (parallel) | `Pipeline/SourceReader`, `FileAnalyzer` | syntax trees |
/// | declarations | `Symbols/DeclarationCollector` | `FunctionDecl`, `TypeDecl`, `NamedKeyDecl` |
/// | effects in source order | `Effects/EffectCollector` | `BodyNode.effects` |
/// | syntax rules | `Rules/SyntaxRules` | rule diagnostics |
/// | scope frames | `Effects/FrameSimulator` | `Contribution`s, scope-misuse diagnostics |
/// | resolution, graph, fixed point | `Symbols/SymbolTable`, `Graph/GraphBuilder.solve` | `SolvedGraph` |
/// | diagnostics | `Diagnostics/GraphDiagnoser` | `Diagnostic`s |
/// | outputs | `Interface/`, `Codegen/`, `Graph/GraphPrinter`, `Graph/Explainer` | files, text |
///
/// The first four run per file, on all cores; the rest run once per module and are
/// linear in its size (every lookup is by name in a dictionary built once).
public enum Analyzer {
  public static func analyze(_ options: AnalysisOptions) throws(AnalysisFailure) -> AnalysisResult {
    let paths = Array(Set(options.sourcePaths)).sorted()
    let sources = try SourceReader.read(paths)
    return try analyze(options, sources: consume sources, keepsBytes: false)
  }

  /// Analyses already-read sources (the cache and the tests come in here).
  /// - Parameter cache: per-file results of earlier runs, read and extended.
  /// - Parameter lastGraph: the last run's graph file (`GraphFile`), opened before this run
  ///   removed it: clean files' calls are answered from it (`PatchedCalls`, hidden).
  /// - Parameter early: the outputs' work that starts before the result is whole
  ///   (`EarlyOutputs`); handed the graph in one build configuration only.
  /// - Parameter keepsBytes: whether the sources' bytes stay to the end; if not (and the
  ///   caller holds no other copy of `sources`), they are let go of once every file is
  ///   summarised in one build configuration, and a file analysed again is read again
  ///   (`Reanalysis`). At 5,000 generated files they were 18 MB of a re-check's peak.
  static func analyze(
    _ options: AnalysisOptions, sources: consuming [SourceText], cache: SummaryCache? = nil,
    lastGraph: GraphFile.Reader? = nil, early: EarlyOutputs? = nil, keepsBytes: Bool = true
  ) throws(AnalysisFailure) -> AnalysisResult {
    var interfaces: [ModuleInterface] = []
    for path in options.dependencyInterfaces {
      do {
        interfaces.append(try ModuleInterface.read(from: path))
      } catch {
        throw AnalysisFailure(description: error.description)
      }
    }
    let base = ConditionEvaluator(defines: Set(options.defines))
    let (parsed, entries, keyInputs) = try summarize(sources, conditions: base, cache: cache)
    // What reads the syntax rules' findings runs first, so that `check` can take the
    // summaries over when no configuration needs them again.
    let ruleDiagnostics = ClosureWrapperRules.withoutMistakenWrappers(parsed.flatMap(\.ruleDiagnostics), parsed)
      + ImplicitDeclarationRule.outermostDiagnostics(parsed)
    let undecided = BuildConfigurations(parsed, dependencies: interfaces, base: base)
    var module: (
      files: [FileSummary], solved: SolvedGraph, diagnostics: [Diagnostic], defaultedKeys: Set<KeyName>,
      replayed: ReplayedFiles?, graphDiagnostics: [Diagnostic]
    )
    let resolvedKeys = cache.map { ResolvedKeysCache(summaries: $0, entries: entries) }
    // Each configuration summarises its files again from the bytes: kept for those.
    if !keepsBytes, !undecided.enumerates { sources.releaseBytes() }
    let reanalysis = Reanalysis(sources: copy sources, conditions: base)
    var configurations: ConfigurationRequirements?
    // The change index (hidden, `ChangeIndex+Run`): one build configuration only.
    let switches = options.changeIndex
    let indexPath = cache.map { $0.directory + "/" + ChangeIndex.fileName }
    var changes: (before: ChangeIndex.Before, reads: ChangeIndex.Reads)?
    let runInputs = switches.keeps ? options.runInputs().hex : ""
    if switches.keeps, let cache, let indexPath {
      if undecided.enumerates {
        unlink(indexPath)
      } else {
        let before = ChangeIndex.before(
          path: indexPath, analyzer: AnalyzerBinary.stamp, run: runInputs, paths: sources.map(\.path), entries: entries, files: parsed,
          cache: cache, plant: switches.plant)
        changes = (before, ChangeIndex.Reads(makesRow: before.makesRow(sources.map(\.path)), oracle: switches.oracle != nil))
      }
    }
    if !undecided.enumerates {
      let patch = options.patchedGraph.on
        ? PatchedCalls.make(
          options.patchedGraph, reader: lastGraph, before: changes?.before, paths: sources.map(\.path), entries: entries,
          inputs: options.runInputs())
        : nil
      module = check(
        consume parsed, options, interfaces, resolvedKeys, reanalysis, configuration: base, keyInputs: consume keyInputs,
        changes?.reads, patch: patch, early: early.map { ($0, sources.map(\.path)) })
      if let changes, let indexPath {
        ChangeIndex.after(
          changes.before, path: indexPath, analyzer: AnalyzerBinary.stamp, run: runInputs, paths: sources.map(\.path), entries: entries,
          files: module.files, solved: module.solved, reads: changes.reads, switches: switches, lastGraph: lastGraph)
      }
    } else {
      module = check(parsed, options, interfaces, resolvedKeys, reanalysis, configuration: base, keyInputs: keyInputs)
      // Each configuration re-reads only the files whose code depends on it.
      let dependent = parsed.indices.filter { !parsed[$0].undecidedConditions.isEmpty }
      var requirements = ConfigurationRequirements(conditions: undecided.conditions.map(\.text))
      module.diagnostics = try undecided.diagnostics { configuration, assumptions throws(AnalysisFailure) in
        var files = parsed
        var entries = entries
        let conditions = ConditionEvaluator(defines: base.defines, assumptions: undecided.written(assumptions))
        let summarized = try summarize(sources, only: dependent, conditions: conditions, rules: false, cache: cache)
        for (slot, index) in dependent.enumerated() {
          files[index] = summarized.summaries[slot]
          if cache != nil { entries[index] = summarized.entries[slot] }
        }
        let resolvedKeys = cache.map { ResolvedKeysCache(summaries: $0, entries: entries) }
        let checked = check(
          files, options, interfaces, resolvedKeys, Reanalysis(sources: copy sources, conditions: conditions),
          configuration: ConditionEvaluator(defines: base.defines, assumptions: assumptions))
        requirements.record(configuration, files: checked.files, solved: checked.solved)
        return checked.diagnostics
      }
      configurations = requirements
      // Each configuration's files are replayed or not on their own: the outputs reuse
      // nothing (`ReprintedEntries`).
      module.replayed = nil
    }
    module.diagnostics += ruleDiagnostics
    module.diagnostics.sort { ($0.location, $0.message) < ($1.location, $1.message) }
    var result = AnalysisResult(
      options: options, paths: sources.map(\.path), files: module.files, solved: module.solved,
      diagnostics: module.diagnostics, defaultedKeys: module.defaultedKeys, configurations: configurations,
      replayed: module.replayed, graphDiagnostics: configurations == nil ? module.graphDiagnostics : nil)
    result.inheritedEntries = InheritedEntries(module.solved, files: module.files)
    return result
  }

  /// The module-wide passes over the per-file summaries of one configuration.
  ///
  /// Each summary is handed to `simulate` as its only owner, so that the keys it resolves
  /// and the frames it adds change it in place: a summary shared with the caller would be
  /// copied, and the module would be held twice at the peak.
  ///
  /// - Parameter resolvedKeys: with a cache, a file whose keys were resolved from the same
  ///   inputs before replays them (`ResolvedKeysRecord`); the module's `KeyResolver` is
  ///   built only if some file needs it.
  /// - Parameter reanalysis: how to analyse a file again, for a cached summary whose
  ///   effects cannot be decoded (`FileSummary.deferredEffects`): under the conditions
  ///   `parsed` was summarised under.
  /// - Parameter configuration: the build configuration checked, its dependencies'
  ///   conditions included: a dependency's requirement it rules out is not one.
  /// - Parameter keyInputs: each file's share of the key inputs, as the cache kept it with
  ///   the summary (`nil`, or none: made from the summary).
  private static func check(
    _ parsed: consuming [FileSummary], _ options: AnalysisOptions, _ interfaces: [ModuleInterface],
    _ resolvedKeys: ResolvedKeysCache?, _ reanalysis: Reanalysis, configuration: ConditionEvaluator,
    keyInputs: consuming [KeyResolutionInputs.Part?] = [], _ changeReads: ChangeIndex.Reads? = nil, patch: PatchedCalls? = nil, early: (outputs: EarlyOutputs, paths: [String])? = nil
  ) -> (
    files: [FileSummary], solved: SolvedGraph, diagnostics: [Diagnostic], defaultedKeys: Set<KeyName>,
    replayed: ReplayedFiles?, graphDiagnostics: [Diagnostic]
  ) {
    let testable = Set(options.testableDependencies)
    // Made on a worker while this thread runs the two library passes and finds the aliases
    // (one core was idle for the ~0.03 s it takes at 5,000 files). It reads the files as
    // they are now: the passes set only test functions' trait keys and named keys' defaults,
    // which it does not read.
    // Then the records' file is read there too: read on this thread after the aliases, it
    // was ~0.01 s at 5,000 files with the other core idle (the inputs are made sooner).
    let inputsMade = resolvedKeys == nil ? nil : OnWorker { [files = copy parsed, parts = consume keyInputs, moduleName = options.moduleName, store = resolvedKeys?.summaries.resolvedKeys] in
      let inputs = KeyResolutionInputs(moduleName: moduleName, files: files, parts: parts, dependencies: interfaces, testable: testable)
      store?.readFile()
      return inputs
    }
    ProvidedByLibrary.inheritInvokeTestKeys(&parsed)
    ProvidedByLibrary.markHandWrittenDefaults(&parsed)
    let count = parsed.count
    let aliases = ScopeClosureAliases(files: copy parsed, dependencies: interfaces)
    // Read here if the worker has not read it yet (it is done with the inputs, or has not
    // started): the first record looked up below would read it with the other workers
    // waiting for the lock.
    resolvedKeys?.summaries.resolvedKeys.readFile()
    // Records and their frames decoded on this thread while the worker still makes the
    // inputs, which the decoding does not read: it used to wait for them (~0.2 G
    // instructions at 5,000 files). Whether a record holds is asked after, with the inputs
    // (`HeldRecord.Read`); the records not decoded by then are decoded in the loop that
    // asks, on every core. (A loop on every core started beside the worker made a third
    // thread on two cores: +0.6 s CPU under `chrt -f 50`.)
    let read = Slots<HeldRecord.Read>(count: count)
    @Sendable func decode(_ index: Int, _ resolvedKeys: ResolvedKeysCache) {
      guard let record = resolvedKeys.summaries.resolvedKeys.record(for: resolvedKeys.entries[index]) else { return }
      read[index] = HeldRecord.Read(record, file: index, aliases: aliases, options)
    }
    var decoded = 0
    if let resolvedKeys, let inputsMade {
      while decoded < count, !inputsMade.isDone {
        decode(decoded, resolvedKeys)
        decoded += 1
      }
    }
    let inputs = inputsMade?.value()
    let records = Slots<HeldRecord>(count: count)
    if let resolvedKeys, let inputs {
      let files = copy parsed
      DispatchQueue.concurrentPerform(iterations: count) { [decoded] index in
        if index >= decoded { decode(index, resolvedKeys) }
        let entry = resolvedKeys.entries[index]
        if let candidate = read.take(index), candidate.record.holds(for: files[index].declarations.functions, inputs),
          let held = candidate.held(resolvedKeys.summaries.resolvedKeys)
        {
          resolvedKeys.summaries.resolvedKeys.keep(recordOf: entry)
          records[index] = held
        }
      }
      resolvedKeys.summaries.resolvedKeys.releaseFile()
    }
    let unresolved = (0..<count).filter { !records.isFilled($0) }
    let simulated = Slots<FileSummary>(count: count)
    let mostReplayed = inputs != nil && unresolved.count <= max(8, count / 8)
    let few = mostReplayed && !unresolved.isEmpty
    if few, let resolvedKeys, let inputs {
      // A few files' keys (an edit's): resolved from the inputs' index of who declares
      // what, while every summary is still whole, and before the others are replayed.
      let files = copy parsed
      let resolver = KeyResolver(
        moduleName: options.moduleName, files: files, inputs: inputs, dependencies: interfaces, testable: testable)
      DispatchQueue.concurrentPerform(iterations: unresolved.count) { slot in
        let index = unresolved[slot]
        simulated[index] = resolveKeys(
          of: files[index], file: index, resolver, resolvedKeys, inputs, aliases: aliases, options, reanalysis, changeReads)
      }
    }
    let owned = Slots<FileSummary>(count: count)
    // The files whose keys and frames were replayed whole (`ReplayedFiles`).
    let whole = Slots<Bool>(count: count)
    var keys = few || unresolved.isEmpty ? nil : KeyResolver(
      moduleName: options.moduleName, files: copy parsed, dependencies: interfaces, testable: testable)
    // Moved, not copied: a copy of each summary (and its release with `parsed`) was
    // ~15 M instructions of a re-check at 5,000 files.
    for index in 0..<count where !simulated.isFilled(index) {
      var summary = FileSummary(path: "")
      swap(&summary, &parsed[index])
      owned[index] = summary
    }
    parsed = []
    DispatchQueue.concurrentPerform(iterations: count) { [keys] index in
      guard var summary = owned.take(index) else { return }
      if var held = records.take(index), let resolvedKeys {
        if held.walksEffects(options) {
          readEffects(of: &summary, file: index, resolvedKeys, reanalysis)
        } else {
          summary.deferredEffects = nil
        }
        // Out of the tuple by name, not copied out of it: a summary copied is a dozen
        // retains, its copy's release as many.
        let (simulatedSummary, _, _, frames) = FileAnalyzer.simulate(
          summary, aliases: aliases, keepsEffects: options.keepsBodyEffects, known: held.known,
          replayed: held.replayed, recordsFrames: held.replayed == nil
        ) { _, _ in nil }
        if held.replayed == nil {
          held.record.frames(frames)
          resolvedKeys.summaries.resolvedKeys.keep(held.record, for: resolvedKeys.entries[index], resimulated: true)
          changeReads?.record(held.record, frames: frames, summary: simulatedSummary, file: index)
        } else if let replayed = held.replayed, !options.keepsBodyEffects, aliases.digest != nil,
          !replayed.holdsWhole(for: aliases)
        {
          // Replayed under another alias table: kept with this one's digest and rewrites.
          held.record.frames(frames)
          resolvedKeys.summaries.resolvedKeys.keep(held.record, for: resolvedKeys.entries[index], replayed: true)
          changeReads?.record(held.record, frames: frames, summary: simulatedSummary, file: index)
        } else if let replayed = held.replayed, !options.keepsBodyEffects {
          resolvedKeys.summaries.resolvedKeys.replayedFrames(whole: replayed.holdsWhole(for: aliases))
          if aliases.digest != nil, replayed.holdsWhole(for: aliases) { whole[index] = true }
          changeReads?.record(held.record, frames: replayed, summary: simulatedSummary, file: index)
        }
        simulated[index] = consume simulatedSummary
        return
      }
      guard let keys else { preconditionFailure("a file without recorded keys and no resolver") }
      guard let resolvedKeys, let inputs else {
        readEffects(of: &summary, file: index, resolvedKeys, reanalysis)
        simulated[index] = FileAnalyzer.simulate(summary, aliases: aliases, keepsEffects: options.keepsBodyEffects) { keys.resolve($0, context: $1, file: index) }.summary
        return
      }
      simulated[index] = resolveKeys(
        of: summary, file: index, keys, resolvedKeys, inputs, aliases: aliases, options, reanalysis, changeReads)
    }
    // Let go here, before the graph is built: the resolver's declarations are behind an
    // existential, whose release the optimizer does not move to the last use (held to the
    // end of this function, they added ~25 MiB to a cold check's peak at 5,000 files).
    keys = nil
    resolvedKeys?.summaries.resolvedKeys.save(final: false)
    // The files' effects and the records made for the cache are let go of: their pages
    // back before the graph, whichever arena they were freed into. Not in a re-check,
    // whose peak is far from a cold check's: the graph reuses them without a page fault.
    if !mostReplayed { FreedMemory.release() }
    let summaries = simulated.takeAll()
    let replayed = resolvedKeys.map { resolvedKeys in
      ReplayedFiles(
        summaries: resolvedKeys.entries, whole: whole.values.map { $0 ?? false }, aliasDigest: aliases.digest,
        mostReplayed: mostReplayed)
    }
    /// The result as the outputs will see it, but for what the graph's diagnosis adds.
    func partial(_ graph: SolvedGraph, paths: [String]) -> AnalysisResult {
      var result = AnalysisResult(
        options: options, paths: paths, files: summaries, solved: graph, diagnostics: [], defaultedKeys: [],
        replayed: replayed)
      result.inheritedEntries = InheritedEntries(graph, files: summaries)
      return result
    }
    // The symbols and the solve's dependents on a worker, cold or not: the worker's malloc
    // arena (`MallocArenas.swift`) holds what its share of the per-file phase freed, and a
    // cold check's peak fell (~273 → ~266 MiB at 5,000 files, two arenas) instead of rising.
    let solved = GraphBuilder.solve(
      moduleName: options.moduleName, files: summaries, dependencies: interfaces, testable: Set(options.testableDependencies),
      aliases: aliases, conditions: configuration, indexesSymbolsOnWorker: true, recording: changeReads, patch: patch,
      recordsLoops: options.recordsGraphLoops,
      built: early.map { early in { early.outputs.built(partial($0, paths: early.paths)) } })
    // Beside the diagnosis below and the caller's saves, on the outputs' thread.
    if let early { early.outputs.solved(partial(solved, paths: early.paths)) }
    let defaulted = defaultedKeys(summaries, dependencies: interfaces)
    var diagnoser = GraphDiagnoser(solved: solved, files: summaries, defaultedKeys: defaulted)
    diagnoser.run()
    var diagnostics = summaries.flatMap(\.diagnostics) + solved.diagnostics + diagnoser.diagnostics
    if options.enableExporting { diagnostics += ExportChecker.check(summaries) }
    diagnostics = ClosureWrapperRules.withoutMistakenWrappers(diagnostics, summaries) + ClosureWrapperRules.check(summaries)
    return (summaries, solved, diagnostics, defaulted, replayed, solved.diagnostics + diagnoser.diagnostics)
  }

  /// A file's record that holds, read as far as its simulation needs.
  ///
  /// The record holds every pair this file resolves: the same bytes and trait keys ask the
  /// same questions. Its frames hold too unless an alias they read changed; replayed, only
  /// the declarations' pairs are read (`ResolvedKeysRecord.declared`), and the bodies' stay
  /// encoded. Decided before any file is simulated, so that a record whose pairs cannot be
  /// read is resolved anew like a file without one.
  private struct HeldRecord {
    var record: ResolvedKeysRecord
    /// The pairs `simulate` looks up: every one, unless the frames are replayed.
    var known: [FileAnalyzer.ResolvedKey: KeyName?]
    /// The record's frames, if they hold.
    var replayed: SimulatedFrames?

    /// A record decoded before it is known to hold (`Analyzer.check` decodes while the
    /// inputs that decide it are made): what it could not read is told to the store only
    /// if it holds, as when it was decoded after.
    struct Read {
      var record: ResolvedKeysRecord
      var known: [FileAnalyzer.ResolvedKey: KeyName?]
      var replayed: SimulatedFrames?
      var framesMalformed = false
      /// The bodies' pairs were needed and could not be read.
      var recordMalformed = false

      init(_ record: ResolvedKeysRecord, file index: Int, aliases: ScopeClosureAliases, _ options: AnalysisOptions) {
        self.record = record
        do {
          let frames = try record.frames(file: index)
          if frames.holds(for: aliases) { replayed = frames }
        } catch {
          framesMalformed = true
        }
        known = record.declared
        guard replayed == nil || options.keepsBodyEffects else { return }
        do {
          known = try record.resolved()
        } catch {
          recordMalformed = true
        }
      }

      /// The record as held, its problems told to `store`; `nil` if the bodies' pairs are
      /// needed and cannot be read.
      consuming func held(_ store: ResolvedKeysStore) -> HeldRecord? {
        if framesMalformed { store.framesMalformed() }
        if recordMalformed {
          store.recordMalformed()
          return nil
        }
        return HeldRecord(record: record, known: known, replayed: replayed)
      }
    }

    /// Whether the file's effects are walked (read and resolved) rather than replayed.
    func walksEffects(_ options: AnalysisOptions) -> Bool { replayed == nil || options.keepsBodyEffects }
  }

  /// File `index` simulated with its keys resolved now, and its record (keys, what they
  /// read, frames) kept for the next run.
  private static func resolveKeys(
    of summary: consuming FileSummary, file index: Int, _ keys: KeyResolver, _ resolvedKeys: ResolvedKeysCache,
    _ inputs: KeyResolutionInputs, aliases: ScopeClosureAliases, _ options: AnalysisOptions, _ reanalysis: Reanalysis,
    _ changeReads: ChangeIndex.Reads?
  ) -> FileSummary {
    readEffects(of: &summary, file: index, resolvedKeys, reanalysis)
    let reads = KeyResolutionReads()
    let traitKeys = ResolvedKeysRecord.traitKeys(of: summary.declarations.functions)
    let result = FileAnalyzer.simulate(
      summary, aliases: aliases, keepsEffects: options.keepsBodyEffects, recordsFrames: true
    ) { keys.resolve($0, context: $1, file: index, reads: reads) }
    let record = ResolvedKeysRecord(
      traitKeys: traitKeys, reads: reads, inputs: inputs, resolved: result.resolved,
      declarationKeys: result.declarationKeys, frames: result.frames)
    resolvedKeys.summaries.resolvedKeys.keep(record, for: resolvedKeys.entries[index])
    changeReads?.record(record, frames: result.frames, summary: result.summary, file: index)
    return result.summary
  }

  /// Keys whose reads are always provided, by their resolved names: named keys declared
  /// with `Key<T>(default:)` and `DefaultImplicit` types, here and in dependencies.
  private static func defaultedKeys(_ files: [FileSummary], dependencies: [ModuleInterface]) -> Set<KeyName> {
    var keys: Set<KeyName> = []
    for file in files {
      for key in file.declarations.namedKeys where key.hasDefault { keys.insert("\\." + key.name) }
      keys.formUnion(file.declarations.defaultedTypes)
    }
    for interface in dependencies {
      for key in interface.namedKeys where key.hasDefault == true {
        keys.insert(KeyResolver.qualify("\\." + key.name, fromInterfaceOf: interface.module))
      }
      keys.formUnion(interface.defaultedTypes ?? [])
    }
    return keys
  }

  /// The effects of a summary read from the cache, for a file that is simulated; if they
  /// cannot be decoded (the entry's frame was whole), the file's, analysed again.
  private static func readEffects(
    of summary: inout FileSummary, file index: Int, _ resolvedKeys: ResolvedKeysCache?,
    _ reanalysis: Reanalysis
  ) {
    guard summary.deferredEffects != nil else { return }
    do {
      try summary.readDeferredEffects(file: Int32(index))
    } catch {
      if let resolvedKeys { resolvedKeys.summaries.effectsMalformed(in: resolvedKeys.entries[index]) }
      guard let fresh = reanalysis.summary(of: index), fresh.nodes.count == summary.nodes.count else { return }
      for node in summary.nodes.indices { summary.nodes[node].effects = fresh.nodes[node].effects }
    }
  }

  /// The sources and the conditions of one build configuration: a file's summary made
  /// again must be made under the conditions its cached one was, or it may take another
  /// `#if` clause's effects.
  struct Reanalysis: Sendable {
    var sources: [SourceText]
    var conditions: ConditionEvaluator

    /// File `index` analysed again (the rules' findings are not read); its bytes read
    /// again if they were let go of (`SourceText.isReleased`).
    func summary(of index: Int) -> FileSummary? {
      let source = sources[index]
      guard let bytes = source.isReleased ? SourceReader.bytes(of: source.path) : source.bytes else { return nil }
      return try? FileAnalyzer.analyze(
        path: source.path, index: Int32(index), bytes: bytes, conditions: conditions, rules: false
      ).get()
    }
  }

  /// The summary cache and the entry name of each file's summary in this configuration.
  struct ResolvedKeysCache {
    var summaries: SummaryCache
    var entries: [String]
  }

  /// Per-file passes on all cores, for every source or `only` those at these indices.
  /// - Returns: the summaries, and with a cache their entry names (empty without) and
  ///   their shares of the key inputs (`nil` where the cache kept none).
  private static func summarize(
    _ sources: [SourceText], only: [Int]? = nil, conditions: ConditionEvaluator, rules: Bool = true,
    cache: SummaryCache?
  ) throws(AnalysisFailure) -> (summaries: [FileSummary], entries: [String], keyInputs: [KeyResolutionInputs.Part?]) {
    let indices = only ?? Array(sources.indices)
    let slots = Slots<Result<FileSummary, FileAnalyzer.Failure>>(count: indices.count)
    let entries = Slots<String>(count: indices.count)
    let keyInputs = Slots<KeyResolutionInputs.Part>(count: cache == nil ? 0 : indices.count)
    DispatchQueue.concurrentPerform(iterations: indices.count) { slot in
      let index = indices[slot]
      let (path, bytes) = (sources[index].path, sources[index].bytes)
      let entry = cache?.entryName(path: path, bytes: bytes, conditions: conditions, rules: rules)
      entries[slot] = entry
      if let cache, let entry, let (summary, part) = cache.loadWithKeyInputs(entry, file: Int32(index)) {
        slots[slot] = .success(summary)
        keyInputs[slot] = part
        return
      }
      let result = FileAnalyzer.analyze(path: path, index: Int32(index), bytes: bytes, conditions: conditions, rules: rules)
      if let cache, let entry, case .success(let summary) = result { keyInputs[slot] = cache.store(summary, as: entry) }
      slots[slot] = result
    }
    // The packed summaries are decoded: their 13 MB (5,000 files) must not stay to the graph.
    cache?.releaseLoaded()
    var summaries: [FileSummary] = []
    summaries.reserveCapacity(indices.count)
    // Moved out of their slots, not copied: a copy of 5,000 summaries retains every field
    // of each, twice (the slots' array, then the result).
    for slot in indices.indices {
      let index = indices[slot]
      switch slots.take(slot)! {
      case .success(let summary): summaries.append(summary)
      case .failure(.notUTF8):
        throw AnalysisFailure(description: "\(sources[index].path): error: not a Swift source file (not UTF-8 text)")
      case .failure(.syntaxError(let location, let near)):
        throw AnalysisFailure(description:
          "\(sources[index].path):\(location.line):\(location.column): error: cannot parse this file as Swift (near '\(near)'); fix the syntax error first")
      }
    }
    return (summaries, cache == nil ? [] : entries.values.map { $0! }, keyInputs.values)
  }
}

/// Write-once result slots for `concurrentPerform`; each index is written by one worker.
///
/// The slots are one buffer, allocated before the workers start and written through its
/// pointer: no worker touches shared state but its own slot (an array property written
/// through `withUnsafeMutableBufferPointer` from several threads would race on the
/// array itself). `values` is read after `concurrentPerform` returns.
final class Slots<Value>: @unchecked Sendable {
  private let storage: UnsafeMutableBufferPointer<Value?>

  init(count: Int) {
    storage = .allocate(capacity: count)
    storage.initialize(repeating: nil)
  }

  deinit {
    storage.deinitialize()
    storage.deallocate()
  }

  subscript(index: Int) -> Value? {
    get { storage[index] }
    set { storage[index] = newValue }
  }

  /// Moves the value out and leaves the slot empty: the caller then holds the only
  /// reference to it and can change it without a copy.
  func take(_ index: Int) -> Value? { storage[index].take() }

  var values: [Value?] { Array(storage) }

  /// Whether the slot holds a value, without copying it out.
  func isFilled(_ index: Int) -> Bool { storage[index] != nil }

  /// Every value moved out (`values` and an unwrapping `map` copied each twice); every
  /// slot must be filled.
  func takeAll() -> [Value] {
    (0..<storage.count).map { index in
      guard let value = storage[index].take() else { preconditionFailure("an empty slot") }
      return value
    }
  }
}
#endif
