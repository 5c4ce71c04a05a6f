import CheckoutEngine
import CheckoutTestSupport
import Testing

/// Every ``CellKind`` walked through each layer that decides by kind: loading (and
/// writing back), validation, value synthesis, the session's conversion of a set
/// value, rendering and masking. The rows are written by an exhaustive switch over
/// the kinds, so a new kind fails to compile here until it is walked too.
@Suite struct CellKindWalkTests {
  static let today = fixture(CalendarDate(parsing: "2026-11-21"), "the date 2026-11-21")

  /// The row of each kind as a flow file writes it (its id is the kind's name).
  static func json(_ kind: CellKind) -> String {
    let head = #""id": "\#(kind.rawValue)", "cell": "\#(kind.rawValue)", "title": "\#(kind.rawValue.capitalized)""#
    let rest: String
    switch kind {
    case .text:
      rest =
        #""bind": "form.text", "placeholder": "Ada", "keyboard": "default", "rules": ["required"], "sensitive": true"#
    case .secure: rest = #""bind": "form.secure", "rules": ["required", "digits"], "secret": true"#
    case .number: rest = #""bind": "form.number", "keyboard": "number", "rules": ["digits"]"#
    case .email: rest = #""bind": "form.email", "keyboard": "email", "rules": ["email"]"#
    case .phone: rest = #""bind": "form.phone", "keyboard": "phone""#
    case .picker:
      rest =
        #""bind": "form.picker", "options": [{ "value": "s", "label": "Small" }, { "value": "l", "label": "Large" }], "rules": ["required"]"#
    case .toggle: rest = #""bind": "form.toggle""#
    case .disclosure: rest = #""opens": "more", "bind": "form.text""#
    case .button: rest = #""submit": "send", "then": "more""#
    case .info: rest = #""bind": "form.picker", "detail": "Size {form.picker}""#
    }
    return "{ \(head), \(rest) }"
  }

  /// A field the kind does not take, and its JSON.
  static func misfit(_ kind: CellKind) -> (field: String, json: String) {
    switch kind {
    case .text, .secure, .number, .email, .phone: return ("detail", #""detail": "{form.text}""#)
    case .picker, .toggle: return ("placeholder", #""placeholder": "Choose""#)
    case .disclosure: return ("keyboard", #""keyboard": "number""#)
    case .button: return ("bind", #""bind": "form.text""#)
    case .info: return ("options", #""options": [{ "value": "x", "label": "X" }]"#)
    }
  }

  static func flowJSON(rows: [String]) -> String {
    """
    { "format": 1, "id": "kinds", "title": "Every kind", "start": "form",
      "steps": [
        { "id": "form", "title": "Form", "rows": [\n\(rows.joined(separator: ",\n"))] },
        { "id": "more", "title": "More", "presentation": "modal",
          "rows": [{ "id": "close", "cell": "button", "title": "Close", "action": "close" }] }
      ] }
    """
  }

  static let flow = fixture(
    try? FlowLoader().load(json: flowJSON(rows: CellKind.allCases.map(json))), "the flow of every kind")

  @Test func everyKindLoadsAsItselfValidatesAndIsWrittenBack() throws {
    let rows = try #require(Self.flow.step("form")).rows
    #expect(rows.map(\.kind) == CellKind.allCases)
    #expect(rows.map(\.id.rawValue) == CellKind.allCases.map(\.rawValue))
    #expect(Self.flow.validate() == [])
    #expect(try FlowLoader().load(json: FlowWriter.json(Self.flow)) == Self.flow)
    for row in rows {
      #expect(row.bind == nil || row.kind.mayBind, "\(row.kind)")
      #expect((row.placeholder != nil || row.keyboard != nil) == (row.kind.isTextLike && row.kind != .secure))
      #expect((row.options != nil) == (row.kind == .picker), "\(row.kind)")
      #expect((row.action != nil) == row.kind.isTappable, "\(row.kind)")
      #expect(row.detail == nil || row.kind.showsDetail, "\(row.kind)")
    }
  }

  @Test(arguments: CellKind.allCases)
  func aFieldTheKindDoesNotTakeIsReportedWhereItStands(kind: CellKind) {
    let misfit = Self.misfit(kind)
    let row = Self.json(kind).dropLast(2) + ", \(misfit.json) }"
    let rows = CellKind.allCases.map { $0 == kind ? String(row) : Self.json($0) }
    let index = CellKind.allCases.firstIndex(of: kind) ?? 0
    do {
      _ = try FlowLoader().load(json: Self.flowJSON(rows: rows))
      Issue.record("\(kind): a row with \"\(misfit.field)\" loaded")
    } catch {
      #expect(error.diagnostics.map(\.code) == ["field-not-for-cell"], "\(kind)")
      #expect(error.diagnostics.first?.path?.description == "steps[0].rows[\(index)].\(misfit.field)")
    }
  }

  @Test func everyKindIsSynthesisedSetRenderedAndMasked() throws {
    var session = CheckoutSession(flow: CompiledFlow(Self.flow))
    let synthesizer = ValueSynthesizer(flow: Self.flow, today: Self.today, seed: 7)
    var values: [CellKind: Value] = [:]
    for row in try #require(Self.flow.step("form")).rows {
      switch synthesizer.validValue(for: row) {
      case .success(let value):
        #expect(row.kind.takesValue, "\(row.kind) got a value")
        #expect(session.send(.set(.row(row.id), value)) == [], "\(row.kind) refused \(value)")
        values[row.kind] = value
      case .failure(let failure):
        #expect(!row.kind.takesValue, "\(row.kind): \(failure)")
        #expect(failure.reason == "\(row.kind.withArticle) row takes no value")
      }
    }
    let screen = session.screen
    #expect(screen.rows.map(\.kind) == CellKind.allCases)
    for row in screen.rows {
      #expect(row.error == nil, "\(row.kind): \(row.error ?? "")")
      #expect(row.isTappable == row.kind.isTappable)
      let text = values[row.kind]?.displayText ?? ""
      let label = values[.picker].flatMap { value in row.options?.first { $0.value == value.displayText }?.label.text }
      switch row.kind {
      case .text:
        #expect(row.isMasked && row.value == Masking.masked(text) && row.placeholder == "Ada")
      case .secure:
        #expect(row.isMasked && row.value == Masking.secretPlaceholder)
      case .number, .email, .phone:
        #expect(!row.isMasked && row.value == text && row.keyboard?.rawValue == row.kind.rawValue)
      case .picker:
        #expect(row.selection == text && row.value == label && row.options?.count == 2)
      case .toggle:
        #expect(row.value == text)
      case .disclosure:
        #expect(row.isMasked && row.value == "" && row.detail == Masking.masked(values[.text]?.displayText ?? ""))
      case .button:
        #expect(!row.isMasked && row.value == "" && row.detail == nil)
      case .info:
        let chosen = values[.picker]?.displayText
        let shown = row.detail?.replacingOccurrences(of: "Size ", with: "")
        #expect(shown == (chosen == "s" ? "Small" : "Large"))
      }
    }
    #expect(session.send(.tap("disclosure")) == [.navigate(.present("more"))])
  }
}
