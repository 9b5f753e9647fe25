/// `30d`, `12h`, `90m`, `45s` → seconds.
enum DurationArgument {
    static func seconds(_ text: String, option: String) throws(UsageError) -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        guard let unit = text.last, let factor = units[unit], let value = Double(text.dropLast()), value > 0,
            value.isFinite
        else {
            throw UsageError(message: "--\(option) takes a positive duration such as 30d, 12h, 90m or 45s (got '\(text)')")
        }
        return value * factor
    }
}
