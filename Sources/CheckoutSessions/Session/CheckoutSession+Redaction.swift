import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

extension CheckoutSession: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `plndr at cart>stepOne|creditCard`, with the offer and route when there are.
  public var description: String {
    var text = "\(flow.id) at \(navigation)"
    if let offer { text += ", offering \(offer.resolution.target)" }
    if driver.isDriving { text += ", \(driver)" }
    return text
  }

  /// The description and the redacted data (secrets never, sensitive values masked).
  public var debugDescription: String {
    let values = redactedData().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.displayText)" }
    return "CheckoutSession(\(description); data: \(values.joined(separator: ", ")))"
  }

  /// What `dump` and debuggers show: the state, with the data redacted.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "flow": flow.id.rawValue,
        "navigation": navigation.description,
        "data": redactedData().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.displayText)" },
        "rowErrors": rowErrors.sorted { $0.key.description < $1.key.description }.map { "\($0.key): \($0.value)" },
        "mode": mode.name,
        "offer": offer as Any,
        "queued": queued,
        "driver": driver.description,
        "focus": focus as Any,
        "today": today as Any,
      ],
      displayStyle: .struct)
  }
}

extension SessionEvent: CustomReflectable {
  /// A `set` event's value is never shown: it may be a secret the event cannot know is one.
  public var customMirror: Mirror {
    switch self {
    case .set(let target, _):
      return Mirror(
        self, children: ["set": target.description, "value": Masking.secretPlaceholder], displayStyle: .enum)
    default:
      return Mirror(self, children: ["event": description], displayStyle: .enum)
    }
  }
}
