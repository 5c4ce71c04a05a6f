import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Every cell kind's behaviour in a session: what it takes, what a tap does, and
/// what it refuses (changing nothing).
@Suite struct CellKindTests {
  /// What a refusal of a row's kind says after the row's title.
  static let checkAgain = ": check what it shows now and try again"

  static let flow = Flow(
    id: "cells", title: "Every cell", start: "form",
    data: [
      "list.sizes": .options([PickerOption(value: "s", label: "Small"), PickerOption(value: "l", label: "Large")])
    ]
  ) {
    Step("form", title: "Form") {
      TextField("name", title: "Name", bind: "form.name").placeholder("Ada").keyboard(.default)
      SecureField("pin", title: "PIN", bind: "form.pin").secret()
      TextField("age", title: "Age", bind: "form.age", cell: .number).keyboard(.number).rules(.digits)
      TextField("email", title: "Email", bind: "form.email", cell: .email).keyboard(.email).rules(.email)
      TextField("phone", title: "Phone", bind: "form.phone", cell: .phone).keyboard(.phone)
      Picker("size", title: "Size", bind: "form.size", options: [PickerOption(value: "m", label: "Medium")])
      Picker("listed", title: "Listed", bind: "form.listed", optionsFrom: "list.sizes")
      Toggle("gift", title: "Gift", bind: "form.gift")
      Info("summary", title: "Summary").detail("{form.name} ({form.size})")
      Disclosure("more", title: "More", opens: "more").detail("{form.email}")
      Button("submit", title: "Send", submit: "send", then: "done")
    }
    Step("more", title: "More", presentation: .modal) {
      Button.closing("close", title: "Close")
    }
    Step("done", title: "Done", presentation: .reset) {}
  }

  var session = CheckoutSession(flow: CompiledFlow(CellKindTests.flow))

  @Test mutating func textLikeCellsTakeStringsWithTheirKeyboards() {
    for (row, value) in [
      ("name", "Ada"), ("pin", "4321"), ("age", "37"), ("email", "ada@example.com"), ("phone", "+1 503 555 0100"),
    ] {
      #expect(session.send(.set(.row(RowID(row)), .string(value))) == [], "\(row)")
    }
    let screen = session.screen
    #expect(screen.row("name")?.value == "Ada")
    #expect(screen.row("name")?.placeholder == "Ada")
    #expect(screen.row("pin")?.value == "•••")
    #expect(screen.row("age")?.keyboard == .number)
    #expect(screen.row("email")?.keyboard == .email)
    #expect(screen.row("phone")?.keyboard == .phone)
    #expect(screen.row("phone")?.value == "+1 503 555 0100")
    session.send(.set(.row("age"), .string("thirty")))
    #expect(session.screen.row("age")?.error == "Age must contain digits only")
    #expect(session.screen.row("age")?.value == "thirty", "the value is kept to correct it")
  }

  @Test mutating func pickersTakeOneOfTheirOptionsStaticOrFromTheData() {
    #expect(session.screen.row("size")?.options == [PickerOption(value: "m", label: "Medium")])
    #expect(session.screen.row("listed")?.options?.map(\.value) == ["s", "l"])
    #expect(session.send(.set(.row("size"), .string("m"))) == [])
    #expect(session.send(.set(.row("listed"), .string("Large"))) == [])
    #expect(session.value(for: "form.listed") == .string("l"))
    #expect(
      session.send(.set(.row("listed"), .string("xl"))) == [
        .refused(
          Refusal(
            .invalidValue, event: .set, subject: .row(step: "form", row: "listed"),
            message: "Listed has no such option; choose one of Small, Large"))
      ])
    #expect(session.value(for: "form.listed") == .string("l"))
  }

  @Test mutating func togglesTakeBooleans() {
    #expect(session.send(.set(.row("gift"), .string("on"))) == [])
    #expect(session.value(for: "form.gift") == .bool(true))
    #expect(session.send(.set(.row("gift"), .bool(false))) == [])
    #expect(session.value(for: "form.gift") == .bool(false))
    #expect(session.send(.set(.row("gift"), .string("perhaps"))).first?.kind == .refused)
  }

  @Test mutating func infoAndDisclosureShowTheirTemplatesAndInfoTakesNothing() {
    session.send(.set(.row("name"), .string("Ada")))
    session.send(.set(.row("size"), .string("m")))
    session.send(.set(.row("email"), .string("ada@example.com")))
    #expect(session.screen.row("summary")?.detail == "Ada (Medium)", "a picker value shows as its label")
    #expect(session.screen.row("more")?.detail == "ada@example.com")
    #expect(
      session.send(.set(.row("summary"), .string("x"))) == [
        .refused(
          Refusal(
            .takesNoValue, event: .set, subject: .row(step: "form", row: "summary"),
            message: "Summary cannot be filled in\(Self.checkAgain)"))
      ])
    #expect(session.send(.tap("summary")).first?.kind == .refused)
  }

  @Test mutating func disclosuresOpenButtonsCloseAndSubmit() {
    #expect(session.send(.tap("more")) == [.navigate(.present("more"))])
    session.send(.appeared("more"))
    #expect(session.send(.tap("close")) == [.navigate(.dismiss)])
    session.send(.appeared("form"))
    #expect(session.navigation.description == "form")
    guard case .callAPI(let operation, _, _)? = session.send(.tap("submit")).first else {
      Issue.record("the submit button called nothing")
      return
    }
    #expect(operation == "send")
    #expect(session.send(.apiSucceeded("send", [:])) == [.navigate(.reset("done"))])
    session.send(.appeared("done"))
    #expect(session.navigation.description == "done")
  }

  @Test mutating func buttonsTakeNoValue() {
    #expect(
      session.send(.set(.row("submit"), .string("x"))) == [
        .refused(
          Refusal(
            .takesNoValue, event: .set, subject: .row(step: "form", row: "submit"),
            message: "Send cannot be filled in\(Self.checkAgain)"))
      ])
  }
}

extension CellKindTests {
  @Test mutating func aSecondSubmitWhileTheFirstIsUnansweredIsRefused() {
    guard case .callAPI? = session.send(.tap("submit")).first else {
      Issue.record("the first submit called nothing")
      return
    }
    #expect(
      session.send(.tap("submit")) == [
        .refused(
          Refusal(
            .callInFlight, event: .tap, subject: .row(step: "form", row: "submit"),
            message: "Send is already waiting for an answer"))
      ])
    #expect(session.send(.apiFailed("send", [APIError(code: "x")])).first?.kind == .unresolved)
    #expect(session.send(.tap("submit")).first?.kind == .callAPI, "once answered, it may be sent again")
  }
}
