/// The version of the analyzer, written into interface files.
public enum AnalyzerVersion {
  public static let current = "0.1.0"
}
