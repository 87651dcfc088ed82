import Foundation

/// Runs the whole benchmark: load payloads, check agreement, measure, print the table.
struct Runner {
  let options: Options

  func run() throws {
    let payloads = try loadPayloads()
    let settings: MeasureSettings = options.quick ? .quick : .full
    let measurer = Measurer(settings: settings)
    printHeader(payloads, settings)

    guard let twitterPayload = payloads[.twitter], let gitHubPayload = payloads[.githubUser],
      let hotelPayload = payloads[.hotel], let eventsPayload = payloads[.githubEvents]
    else { fatalError("every workload has a payload") }
    let twitter = Workloads.twitter(twitterPayload)
    let gitHub = Workloads.gitHub(gitHubPayload)
    let hotels = Workloads.hotels(hotelPayload)
    let events = Workloads.gitHubEvents(eventsPayload)

    let flat = JSONWorkloads.flat(twitterPayload)
    let keyPaths = JSONWorkloads.keyPaths(twitterPayload)
    let sharedKeys = JSONWorkloads.sharedKeys(twitterPayload)
    let lenientKeyPaths = JSONWorkloads.lenientKeyPaths(twitterPayload)
    let hookedKeyPaths = JSONWorkloads.hookedKeyPaths(twitterPayload)
    let validated = JSONWorkloads.validated(twitterPayload)
    let services = try ServicesWorkload(twitterPayload)
    let untyped = try UntypedWorkload(twitterPayload)
    let geoJSON = JSONWorkloads.geoJSON(quick: options.quick)
    let catalog = JSONWorkloads.catalog(quick: options.quick)
    let places = JSONWorkloads.places(quick: options.quick)
    print("payload geojson: \(Format.grouped(Double(geoJSON.data.count))) bytes, \(geoJSON.origin)")
    print("payload catalog: \(Format.grouped(Double(catalog.data.count))) bytes, \(catalog.origin)")
    print("payload places: \(Format.grouped(Double(places.data.count))) bytes, \(places.origin)")

    try twitter.checkAgreement()
    try gitHub.checkAgreement()
    try hotels.checkAgreement()
    try events.checkAgreement()
    try flat.checkAgreement()
    try keyPaths.checkAgreement()
    try sharedKeys.checkAgreement()
    try lenientKeyPaths.checkAgreement()
    try hookedKeyPaths.checkAgreement()
    try validated.checkAgreement()
    try services.checkAgreement()
    try untyped.checkAgreement()
    try geoJSON.checkAgreement()
    try catalog.checkAgreement()
    try places.checkAgreement()
    print("check: all contenders agree")

    // First mappings of fresh classes; before the timings so nothing else has touched them.
    let schema = measures("schema") ? try SchemaBuild.measure() : nil

    // Built one at a time and dropped after measuring: the 100x scaling input is large.
    let factors = options.quick ? [1, 10] : [1, 10, 100]
    let comparisons: [() throws -> [Comparison]] = [
      twitter.comparisons,
      { measures("twitter") ? [try Scaling.comparison(twitterPayload, factors: factors)] : [] },
      gitHub.comparisons, hotels.comparisons, events.comparisons, flat.comparisons,
      keyPaths.comparisons, sharedKeys.comparisons,
      lenientKeyPaths.comparisons, hookedKeyPaths.comparisons, validated.comparisons,
      geoJSON.comparisons,
      catalog.comparisons, places.comparisons, services.comparisons, untyped.comparisons,
    ]
    var rows: [Row] = []
    for build in comparisons {
      for comparison in try build() where measures(comparison.workload) {
        progress("measuring \(comparison.workload): \(comparison.operation)")
        rows += try comparison.measure(with: measurer)
      }
    }
    if measures("peak-memory") {
      progress("measuring peak memory in child processes")
      rows += PeakMemory.rows(
        try PeakMemory.measure(twitterPayload, megabytes: options.quick ? 20 : 100))
    }
    if let schema { rows.append(SchemaBuild.row(schema)) }
    let sizes = measures("memory") ? try instanceSizes(gitHubPayload, twitterPayload) : []
    rows += sizes.map(InstanceSize.row)

    print("")
    print(Table(rows: rows).render())
    print("")
    if let schema { print(SchemaBuild.details(schema)) }
    for size in sizes { print(InstanceSize.details(size)) }
    let judged = rows.compactMap(\.met)
    print(
      "targets: \(judged.filter { $0 }.count) of \(judged.count) met"
        + (options.quick ? " (quick run: few short rounds, ratios are noisy)" : ""))
    print("blackhole: \(Blackhole.consumedCount) results consumed")
  }

  /// Whether the run measures `workload` (every one unless `--only` names some).
  private func measures(_ workload: String) -> Bool {
    options.onlyWorkloads.isEmpty || options.onlyWorkloads.contains(workload)
  }

  private func loadPayloads() throws -> [WorkloadKind: Payload] {
    var payloads: [WorkloadKind: Payload] = [:]
    for path in options.jsonPaths {
      let payload = try Payload.load(path: path)
      if let earlier = payloads[payload.kind] {
        throw PayloadError(
          description:
            "\(path): a \(payload.kind.rawValue) payload was already given (\(earlier.origin))")
      }
      payloads[payload.kind] = payload
    }
    for kind in WorkloadKind.allCases where payloads[kind] == nil {
      payloads[kind] = try Payload.builtIn(kind)
    }
    return payloads
  }

  private func printHeader(_ payloads: [WorkloadKind: Payload], _ settings: MeasureSettings) {
    #if DEBUG
      print("warning: debug build; run with -c release for meaningful numbers")
    #endif
    print(
      "mirrormodel-bench: \(settings.rounds) rounds of >= "
        + "\(Format.grouped(settings.roundNanoseconds / 1e6)) ms per contender, median, after "
        + "\(Format.grouped(settings.warmUpNanoseconds / 1e6)) ms warm-up"
        + (options.quick ? " (--quick)" : ""))
    for kind in WorkloadKind.allCases {
      guard let payload = payloads[kind] else { continue }
      print(
        "payload \(kind.rawValue): \(payload.objects.count) objects, "
          + "\(Format.grouped(Double(payload.data.count))) bytes, \(payload.origin)")
    }
  }

  private func instanceSizes(
    _ gitHub: Payload, _ twitter: Payload
  ) throws -> [InstanceSize.Result] {
    guard let user = gitHub.objects.first,
      let status = twitter.objects.first(where: { $0["user"] is [String: Any] }),
      let author = status["user"] as? [String: Any]
    else { fatalError("payloads were checked to hold objects") }
    return [
      InstanceSize.measure(
        model: try Mirrored.GitHubUser(dictionary: user),
        plain: Idiomatic.GitHubUser(dictionary: user)),
      InstanceSize.measure(
        model: try Mirrored.User(dictionary: author), plain: Idiomatic.User(dictionary: author)),
    ]
  }

  private func progress(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
