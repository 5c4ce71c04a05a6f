import CheckoutEngine
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The browser host: `GET /` serves the reference client (the HTML, CSS and
/// JavaScript in `Public/`), plus the three reads the page needs that the session
/// API does not give: step titles, the flow's picture and the route's progress.
enum BrowserHost {
  /// `Examples/CheckoutServer/Public`, found from this source file.
  static var defaultPublicDirectory: String {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Host
      .deletingLastPathComponent()  // CheckoutServer (sources)
      .deletingLastPathComponent()  // Sources
      .deletingLastPathComponent()  // Examples/CheckoutServer
      .appendingPathComponent("Public")
      .standardizedFileURL.path
  }

  /// Adds the page's files and routes:
  /// - `GET /` and `GET /{file}`: the page's files;
  /// - `GET /flows/{flow}/steps?locale=de`: `[{"id", "title", "presentation", "close",
  ///   "autocomplete", "maxLengths"?}]` (``StepSummaryView``), each title in the
  ///   locale (without one, in the flow's default language); a locale no session of
  ///   the flow could be in is 422 `unknown_locale`, as `POST /sessions` answers it;
  /// - `GET /flows/{flow}/graph.svg`: the flow drawn by Graphviz (503 without it);
  /// - `GET /sessions/{id}/route`: the command awaited and the route's progress.
  static func add(
    to router: Router<CheckoutRequestContext>, service: SessionService, access: SessionGuard, catalog: FlowCatalog,
    pictures: FlowPictures = FlowPictures(), publicDirectory: String = BrowserHost.defaultPublicDirectory,
    logger: Logger = Logger(label: "checkout-server")
  ) {
    // The server's logger, so that --log-level applies to the file server's lines too.
    router.add(middleware: FileMiddleware(publicDirectory, searchForIndexHtml: true, logger: logger))

    router.get("flows/:flow/steps") { request, context -> [StepSummaryView] in
      let compiled = try flow(named: try context.parameters.require("flow"), in: catalog, at: request.uri.path)
      let locale = request.uri.queryParameters.get("locale")
      if let locale {
        // A locale no session of the flow could be in is refused as `POST /sessions` refuses it.
        do throws(UnsupportedLocale) {
          _ = try CheckoutSession(flow: compiled, locale: locale)
        } catch {
          throw ServerError.unknownLocale(error)
        }
      }
      return compiled.flow.steps.map { StepSummaryView($0, locale: locale) }
    }

    router.get("flows/:flow/graph.svg") { request, context -> Response in
      let compiled = try flow(named: try context.parameters.require("flow"), in: catalog, at: request.uri.path)
      let svg = try await pictures.svg(for: compiled.flow)
      return Response(
        status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: svg)))
    }

    router.get("sessions/:id/route") { request, context -> RouteProgressView in
      let id = SessionID(try context.parameters.require("id"))
      let loaded = try await access.admit(request, to: id)
      let served = try await service.served(id, loaded: loaded)
      return RouteProgressView(version: served.stored.version, session: try served.session())
    }
  }

  private static func flow(named name: String, in catalog: FlowCatalog, at path: String) throws -> CompiledFlow {
    guard let compiled = catalog[FlowID(name)] else {
      throw ServerError.unknownFlow(name, known: catalog.ids, at: path)
    }
    return compiled
  }
}
