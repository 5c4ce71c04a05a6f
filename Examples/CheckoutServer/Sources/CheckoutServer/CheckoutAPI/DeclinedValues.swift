import CheckoutEngine
import Crypto
import Foundation
import Synchronization

/// What the demo API remembers of the values it declined, so that a shopper who
/// changes the value a route focused (a test card's security code or expiry
/// date) gets the order through on the next submit.
///
/// It keeps, per session and test card, an HMAC-SHA256 of the declined value
/// under a random 256-bit key made when the API is created. The key and the
/// digests live only in this process's memory: they are never logged, stored or
/// answered, and the value itself is never kept. A plain hash of a 3- or 4-digit
/// CVV could be reversed by trying all 10,000 codes; without the key it cannot.
///
/// A digest is dropped when the changed value goes through; at most ``capacity``
/// are kept (the oldest are dropped first), so abandoned sessions do not grow it
/// without bound. Like the CVV itself (in the server's ``SecretVault``), the
/// memory belongs to one instance.
final class DeclinedValues: Sendable {
  /// A session and the test card number it was declined with.
  private struct Entry: Hashable {
    var session: SessionID
    var card: String
  }

  private struct Table {
    var digests: [Entry: (digest: HashedAuthenticationCode<SHA256>, serial: Int)] = [:]
    var nextSerial = 0
  }

  /// How many declined values are remembered at most.
  let capacity: Int
  private let key = SymmetricKey(size: .bits256)
  private let table = Mutex(Table())

  /// An empty memory of at most `capacity` declined values.
  init(capacity: Int = 4096) {
    self.capacity = max(1, capacity)
  }

  /// Whether `value` differs from the value this session's `card` was declined
  /// with. When it does, the declined digest is forgotten (the change goes
  /// through). When it does not (the first submit, or the same value again), the
  /// value's digest is remembered as declined and the answer is false.
  func isChange(_ value: String, session: SessionID, card: String) -> Bool {
    let digest = HMAC<SHA256>.authenticationCode(for: Data(value.utf8), using: key)
    let entry = Entry(session: session, card: card)
    return table.withLock { table in
      if let declined = table.digests[entry], declined.digest != digest {
        table.digests[entry] = nil
        return true
      }
      if table.digests[entry] == nil, table.digests.count >= capacity,
        let oldest = table.digests.min(by: { $0.value.serial < $1.value.serial })?.key
      {
        table.digests[oldest] = nil
      }
      table.digests[entry] = (digest, table.nextSerial)
      table.nextSerial += 1
      return false
    }
  }

  /// How many declined values are remembered now.
  var count: Int { table.withLock { $0.digests.count } }
}
