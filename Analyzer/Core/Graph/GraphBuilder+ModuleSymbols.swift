#if ImplicitsAnalysis
/// The module's own callables, types and typealiases, indexed from the summaries alone.
///
/// Indexing the module's declarations needs no graph node, only where each body's node
/// will be: a callable's `node` is its body's index in its file until
/// `placeModuleCallables` gives it its graph node. The table is filled in the same order as
/// before (files in order; per file its functions, types, typealiases), so every callable
/// keeps its index and every list of candidates its order.
///
/// In `check` it runs on a libdispatch worker (`OnWorker`) while the calling thread makes
/// the nodes. Made in another malloc arena than the calling thread's: before `check` capped
/// the arenas at two (`MallocArenas.swift`) that arena was fresh memory, and a cold check
/// peaked at up to 307 MiB (limit 300), so only re-checks did it. With two arenas a cold
/// check peaks lower with the table made on a worker (264–267 MiB at 5,000 files) than on
/// the calling thread (271–274 MiB), most likely because the worker's arena holds what
/// its half of the per-file phase freed. (The arenas are now one per thread: the same
/// holds, and the peak did not move.)
extension GraphBuilder {
  static func moduleSymbols(
    files: [FileSummary], moduleName: String, properties: PropertyTypes, reserving capacity: Int
  ) -> SymbolTable {
    var symbols = SymbolTable()
    symbols.resolver.moduleNames.insert(moduleName)
    symbols.properties = properties
    symbols.reserveCallables(capacity)
    var (freeCount, methodCount) = (0, 0)
    for index in files.indices {
      for function in files[index].declarations.functions.indices {
        if files[index].declarations.functions[function].typeName == nil { freeCount += 1 } else { methodCount += 1 }
      }
    }
    symbols.reserveNames(free: freeCount, methods: methodCount)
    for index in files.indices {
      let file = FileID(index)
      // Read through a pointer, field by field: a `FunctionDecl` copied out (as iterating,
      // or indexing the array for a dozen fields, does) is a dozen retains and releases.
      files[index].declarations.functions.withUnsafeBufferPointer { functions in
        for at in functions.indices {
          let function = functions.baseAddress! + at
          symbols.add(Callable(
            node: NodeID(function.pointee.node), typeName: function.pointee.typeName,
            parameters: function.pointee.parameters, isImplicit: function.pointee.isImplicit, isExternal: false,
            qualifiedName: FunctionDecl.qualifiedName(
              type: function.pointee.typeName, baseName: function.pointee.baseName, parameters: function.pointee.parameters),
            privateFile: function.pointee.access <= .fileprivate ? file : nil, branches: function.pointee.branches,
            typeConstraints: function.pointee.typeConstraints, returnType: function.pointee.returnType,
            isStatic: function.pointee.baseName == "init" ? nil : function.pointee.isStatic,
            isDynamic: function.pointee.isImplicit
              && (function.pointee.isProtocolRequirement || function.pointee.isOverridable),
            isAsync: function.pointee.isAsync, isConvenience: function.pointee.isConvenience),
            baseName: function.pointee.baseName)
        }
      }
      for type in files[index].declarations.types {
        symbols.addType(type.name)
        if !type.genericParameters.isEmpty { symbols.addGenericParameters(type.genericParameters, of: type.name) }
        if !type.inheritedTypes.isEmpty { symbols.addInheritedTypes(type.inheritedTypes, of: type.name) }
        if type.superclass != nil, !type.isExtension { symbols.subclasses.append((type.name, type.location)) }
        if type.isProtocol { symbols.protocols.insert(type.name) }
        if !type.payloadCases.isEmpty { symbols.addPayloadCases(type.payloadCases, of: type.name) }
        // A memberwise init that initialises a stored `@Implicit` or bag reads implicits.
        if type.hasMemberwiseInit, type.storedImplicits.isEmpty, type.bagProperties.isEmpty {
          symbols.addMemberwiseInit(of: type.name)
        }
      }
      for (name, target) in files[index].declarations.typeAliases { symbols.resolver.addAlias(name, target: target) }
    }
    return symbols
  }
}
#endif
