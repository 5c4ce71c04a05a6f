/// Card numbers in text a shopper typed: Luhn-valid runs of 13 to 19 digits, with
/// single spaces or dashes between digits, that stand on their own (a run inside
/// a longer token of letters, digits or dashes is not one). A card number belongs
/// in the card's own row, which is sealed at rest and masked; typed into a name,
/// a street or a discount code it would be stored and shown as typed.
enum CardNumberText {
  /// Whether `text` holds a card number.
  static func containsCardNumber(_ text: String) -> Bool {
    // Most texts are short: fewer than 13 ASCII digits in all hold no card number.
    guard text.utf8.count >= 13, text.utf8.lazy.filter({ (0x30...0x39).contains($0) }).count >= 13 else {
      return false
    }
    let characters = Array(text)
    func isDigit(_ index: Int) -> Bool {
      characters.indices.contains(index) && characters[index].isASCII && characters[index].isWholeNumber
    }
    func joinsToken(_ index: Int) -> Bool {
      guard characters.indices.contains(index) else { return false }
      let character = characters[index]
      return character.isLetter || character.isNumber || character == "-"
    }
    var index = 0
    while index < characters.count {
      guard isDigit(index) else {
        index += 1
        continue
      }
      let start = index
      var digits: [Int] = []
      while true {
        if isDigit(index) {
          digits.append(characters[index].wholeNumberValue ?? 0)
          index += 1
        } else if characters.indices.contains(index), characters[index] == " " || characters[index] == "-",
          isDigit(index + 1)
        {
          index += 1
        } else {
          break
        }
      }
      if !joinsToken(start - 1), !joinsToken(index), (13...19).contains(digits.count), luhnValid(digits) {
        return true
      }
    }
    return false
  }

  private static func luhnValid(_ digits: [Int]) -> Bool {
    let sum = digits.reversed().enumerated().reduce(0) { sum, pair in
      let doubled = pair.offset % 2 == 1 ? pair.element * 2 : pair.element
      return sum + (doubled > 9 ? doubled - 9 : doubled)
    }
    return sum % 10 == 0
  }
}
