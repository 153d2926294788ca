// Runs one scenario for a number of iterations, for `instructions.sh` to count the
// instructions under callgrind: `InstructionCounts <group/subject> <iterations>`.
// `InstructionCounts --list` prints every scenario id with its "large N" iteration count
// and operations per iteration, tab-separated.
//
// Prints the allocations made inside the measured loop (process-wide, every thread). Under
// `valgrind --tool=callgrind --instr-atstart=no` only the measured loop is counted.

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif
import Dispatch
import MallocCounter
import Scenarios

let arguments = CommandLine.arguments.dropFirst()

if arguments.first == "--list" {
  for scenario in Scenario.all {
    print("\(scenario.id)\t\(scenario.largeIterations)\t\(scenario.opsPerIteration)")
  }
  exit(0)
}

guard arguments.count == 2, let scenario = Scenario.named(arguments.first!),
  let iterations = Int(arguments.last!), iterations >= 0
else {
  print("usage: InstructionCounts <scenario> <iterations> | --list")
  exit(64)
}

final class Measurement: @unchecked Sendable {
  var startCount: UInt64 = 0
  var allocations: UInt64 = 0
}
let measurement = Measurement()
let probe = Probe(
  start: {
    measurement.startCount = mc_allocations()
    mc_callgrind_start()
  },
  stop: {
    mc_callgrind_stop()
    measurement.allocations = mc_allocations() - measurement.startCount
  })

switch scenario.place {
case .thread(let body):
  // A plain thread outside any task: the synchronous path.
  PlainThread.run { body(iterations, probe) }
case .mainThread(let body):
  // This program never asks for the main actor's executor: the main thread's context
  // does not defer to tasks (CSupport/TaskSupport.c).
  body(iterations, probe)
case .task(let body):
  let done = DispatchSemaphore(value: 0)
  // Detached: a plain `Task` from top-level code would wait for the blocked main actor.
  Task.detached {
    await body(iterations, probe)
    done.signal()
  }
  done.wait()
}
print("allocations\t\(measurement.allocations)")
