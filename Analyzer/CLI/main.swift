#if ImplicitsAnalysis
ImplicitsAnalyzerCommand.runAndExit()
#else
import Foundation
FileHandle.standardError.write(Data("implicits-analyzer: built without the ImplicitsAnalysis trait\n".utf8))
exit(2)
#endif
