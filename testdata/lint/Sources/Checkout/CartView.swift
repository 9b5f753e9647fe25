import SwiftUI

/// The cart screen: SwiftUI lookups that resolve in the main bundle.
struct CartView: View {
    let count: Int
    let title: String

    var body: some View {
        VStack {
            Text("cart.title") // lint-expect: 13 lint.text-literal
            Text("cart.items \(count)", tableName: "Cart") // lint-expect: 13 lint.text-literal
            Text(LocalizedStringKey(title)) // lint-expect: 18 lint.localized-string-key
            Text(verbatim: "Overlay Notes")
            Text(title)
            Button(String(localized: "cart.checkout")) {} // lint-expect: 20 lint.string-localized
        }
        .navigationTitle(Text("cart.title", bundle: .module)) // lint-expect: 26 lint.text-literal
    }
}
