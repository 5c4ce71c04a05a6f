import CheckoutEngine
import Hummingbird

/// `GET /flows` and `GET /flows/{flow}/graph?format=mermaid|dot`.
struct FlowsController {
  let catalog: FlowCatalog

  func addRoutes(to group: RouterGroup<CheckoutRequestContext>) {
    group
      .get(use: list)
      .get(":flow/graph", use: graph)
  }

  /// Each flow's `locales` are the languages it ships, its default first; a flow in
  /// one unnamed language lists the one its sessions start in (`en`), so the first
  /// is always the language a session gets without a `locale`. `titles` is the
  /// flow's title in each of them (the page's `<title>` in the session's language).
  @Sendable func list(_ request: Request, context: CheckoutRequestContext) async throws -> [FlowSummaryView] {
    catalog.entries.map { entry in
      let flow = entry.compiled.flow
      let locales = flow.locales.isEmpty ? [CheckoutSession(flow: entry.compiled).locale] : flow.locales
      return FlowSummaryView(
        id: flow.id.rawValue, title: flow.title.text, steps: flow.steps.map(\.id.rawValue), locales: locales,
        titles: Dictionary(locales.map { ($0, flow.title.text(in: $0)) }, uniquingKeysWith: { first, _ in first }))
    }
  }

  @Sendable func graph(_ request: Request, context: CheckoutRequestContext) async throws -> Response {
    let name = try context.parameters.require("flow")
    guard let compiled = catalog[FlowID(name)] else {
      throw ServerError.unknownFlow(name, known: catalog.ids, at: request.uri.path)
    }
    let formatName = request.uri.queryParameters.get("format") ?? "mermaid"
    guard let format = GraphRenderer.Format(rawValue: formatName) else {
      let names = GraphRenderer.Format.allCases.map(\.rawValue)
      let hint = Suggestions.didYouMean(formatName, in: names).map { "; \($0)" } ?? ""
      throw ServerError(
        .badRequest, "invalid_query", "unknown graph format \"\(formatName)\"\(hint); use \(Suggestions.list(names))",
        at: "format")
    }
    let text = GraphRenderer.render(compiled.flow, as: format)
    let type = format == .dot ? "text/vnd.graphviz; charset=utf-8" : "text/plain; charset=utf-8"
    return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}
