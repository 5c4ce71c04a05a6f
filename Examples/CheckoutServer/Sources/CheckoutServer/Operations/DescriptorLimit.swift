#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's open-file limit (`RLIMIT_NOFILE`), which bounds its connections:
/// every connection holds a descriptor. Distributions start a process at a soft
/// limit of 1,024 whatever the hard limit allows; a server raises it at start.
struct DescriptorLimit: Sendable, Equatable {
  /// The limit in force (the soft limit).
  var current: Int
  /// The most it may be raised to (the hard limit).
  var maximum: Int

  /// The limit now, or nil where the system does not say.
  static func read() -> DescriptorLimit? {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return nil }
    return DescriptorLimit(current: clamp(limit.rlim_cur), maximum: clamp(limit.rlim_max))
  }

  /// Raises the soft limit to the hard limit (on Darwin at most `OPEN_MAX`, what
  /// the kernel takes) and returns the limit then in force; nil where the system
  /// does not say.
  static func raised() -> DescriptorLimit? {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return nil }
    var target = limit.rlim_max
    #if canImport(Darwin)
      target = min(target, rlim_t(OPEN_MAX))
    #endif
    if target > limit.rlim_cur {
      var wanted = limit
      wanted.rlim_cur = target
      _ = setrlimit(resource, &wanted)
    }
    return read()
  }

  /// Lowers the soft limit to `count` (a test's start as a distribution's); whether it took.
  static func lower(to count: Int) -> Bool {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return false }
    limit.rlim_cur = rlim_t(count)
    return setrlimit(resource, &limit) == 0
  }

  /// Descriptors kept back from connections: the database pool, flow and
  /// public files, the listening socket, logging.
  static let reserve = 128

  /// How many connections fit: `wanted`, lowered so that connections and the
  /// ``reserve`` stay within ``current``.
  func connectionsThatFit(_ wanted: Int) -> Int {
    max(1, min(wanted, current - DescriptorLimit.reserve))
  }

  private static func clamp(_ value: rlim_t) -> Int {
    value >= rlim_t(Int.max) ? Int.max : Int(value)
  }

  #if canImport(Darwin)
    private static let resource = RLIMIT_NOFILE
  #else
    private static let resource = Int32(RLIMIT_NOFILE.rawValue)
  #endif
}
