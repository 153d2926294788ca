// The orchard app: declares the services once and runs every part of the app in them.
// Exits 0 when every check holds.
import Implicits
import OrchardCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let journal = Journal(name: "orchard")

let (failures, later) = await withScope { scope in // expected-error@:31 [unresolved-implicit] {{unresolved implicits 'SoilProfile' and '\.requestID' of OrchardCore at this entry point; declare them in this scope (e.g. '@Implicit var soilProfile = SoilProfile(…)') before they are needed}} // P1: SoilProfile is not declared; the runtime stops at its first read (Repository.swift:39)
  @Implicit var journal = journal
  @Implicit var clock: any Clock = platformClock()
  @Implicit var sensors: any SensorSource = demoSensors()
  @Implicit(\.region) var region = "north"
  @Implicit(\.verbose) var verbose = true
  @Implicit var cache = ReadingCache(name: "main", maxAge: 5, scope)
  return (await runEverything(scope), await makeLaterWork(scope)) // expected-note@:17 {{'SoilProfile' and '\.requestID' of OrchardCore are required by the call to 'runEverything(_:)' here}} // expected-note@:45 {{'SoilProfile' is required by the call to 'makeLaterWork(_:)' here}}
}

// The root scope has ended: what the screens and the store do from now on (a user's taps,
// effects finishing) runs with the values their bags kept.
let laterFailures = await later.run()

for failure in failures + laterFailures { print("Orchard: FAILED: \(failure)") }
let passed = failures.isEmpty && laterFailures.isEmpty
print(passed ? "Orchard: all checks passed (\(journal.lines.count) journal lines)" : "Orchard: checks failed")
exit(passed ? 0 : 1)
