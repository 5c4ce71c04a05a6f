extension Flow {
  /// The flow's default locale: the first of ``locales``, nil for a flow in one
  /// unnamed language.
  package var defaultLocale: String? { locales.first }

  /// Makes `locale`'s text the default of every string written per locale (the
  /// named rules' are made so by the initialiser, which alone may set them).
  mutating func defaultLocalizedTexts(to locale: String) {
    title = title.defaulting(to: locale)
    for stepIndex in steps.indices {
      steps[stepIndex].defaultLocalizedTexts(to: locale)
    }
    for index in errors.indices {
      errors[index].message = errors[index].message?.defaulting(to: locale)
    }
    for (key, value) in data {
      if case .options(let options) = value { data[key] = .options(options.map { $0.defaulting(to: locale) }) }
    }
  }
}

extension Step {
  fileprivate mutating func defaultLocalizedTexts(to locale: String) {
    title = title.defaulting(to: locale)
    for index in complete.indices {
      complete[index].message = complete[index].message.defaulting(to: locale)
    }
    for index in rows.indices {
      rows[index].defaultLocalizedTexts(to: locale)
    }
  }
}

extension Row {
  fileprivate mutating func defaultLocalizedTexts(to locale: String) {
    title = title.defaulting(to: locale)
    for index in rules.indices {
      rules[index] = rules[index].defaulting(to: locale)
    }
    switch cell {
    case .text, .secure, .number, .email, .phone:
      cell = cell.changingTextEntry { $0.placeholder = $0.placeholder?.defaulting(to: locale) }
    case .picker(let bind, .list(let options)):
      cell = .picker(bind: bind, options: .list(options.map { $0.defaulting(to: locale) }))
    case .disclosure, .info:
      if let detail = cell.detail { cell = cell.withDetail(detail.defaulting(to: locale)) }
    case .picker(_, .from), .toggle, .button:
      break
    }
  }
}

extension PickerOption {
  fileprivate func defaulting(to locale: String) -> PickerOption {
    PickerOption(value: value, label: label.defaulting(to: locale))
  }
}

extension Rule {
  /// The rule with `locale`'s message as its default.
  func defaulting(to locale: String) -> Rule {
    var rule = self
    rule.message = message?.defaulting(to: locale)
    return rule
  }
}
