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

  @Sendable func list(_ request: Request, context: CheckoutRequestContext) async throws -> [FlowSummaryView] {
    catalog.entries.map { entry in
      FlowSummaryView(
        id: entry.compiled.flow.id.rawValue, title: entry.compiled.flow.title.text,
        steps: entry.compiled.flow.steps.map(\.id.rawValue), locales: entry.compiled.flow.locales)
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
