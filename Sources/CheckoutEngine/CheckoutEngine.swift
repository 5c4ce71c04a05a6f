// The umbrella: `import CheckoutEngine` gives a host every layer's public API.
// Each layer is its own target, so a lower one cannot import a higher one.
@_exported import CheckoutCompiledFlow
@_exported import CheckoutLint
@_exported import CheckoutModel
@_exported import CheckoutPlanning
@_exported import CheckoutScenarios
@_exported import CheckoutSessions
@_exported import CheckoutSynthesis
