/// A value a test or benchmark fixture cannot do without (a date literal, a
/// shipped flow): the value, or a stop that names what was missing and where.
///
/// Fixtures are built once, in `static let`s where `#require` cannot run; this is
/// the one place they may stop the process, with a message instead of a bare `!`.
public func fixture<Value>(
  _ value: Value?, _ what: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line
) -> Value {
  guard let value else { preconditionFailure("fixture missing: \(what())", file: file, line: line) }
  return value
}

/// The result of building a fixture that can throw (loading a shipped flow), or a
/// stop that says what failed and why.
public func fixture<Value>(
  _ what: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line,
  _ make: () throws -> Value
) -> Value {
  do {
    return try make()
  } catch {
    preconditionFailure("fixture \(what()) failed: \(error)", file: file, line: line)
  }
}
