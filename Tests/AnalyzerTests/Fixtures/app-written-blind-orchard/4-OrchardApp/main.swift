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

let (failures, later) = await withScope { scope in
  @Implicit var journal = journal
  @Implicit var clock: any Clock = platformClock()
  @Implicit var sensors: any SensorSource = demoSensors()
  @Implicit var profile = SoilProfile(dry: 0.3, hot: 32)
  @Implicit(\.region) var region = "north"
  @Implicit(\.verbose) var verbose = true
  @Implicit var cache = ReadingCache(name: "main", maxAge: 5, scope)
  return (await runEverything(scope), await makeLaterWork(scope))
}

// The root scope has ended: what the screens and the store do from now on (a user's taps,
// effects finishing) runs with the values their bags kept.
let laterFailures = await later.run()

for failure in failures + laterFailures { print("Orchard: FAILED: \(failure)") }
let passed = failures.isEmpty && laterFailures.isEmpty
print(passed ? "Orchard: all checks passed (\(journal.lines.count) journal lines)" : "Orchard: checks failed")
exit(passed ? 0 : 1)
