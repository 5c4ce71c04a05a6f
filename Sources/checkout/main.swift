import Foundation

import CheckoutCLI

exit(CheckoutCommandLine.main(arguments: Array(CommandLine.arguments.dropFirst())))
