# Homebrew formula for the `overlay` command line: one binary (the release matrix's crash-test child is a hidden
# mode of it). Built from source with SwiftPM. It has not been run: the project is developed on Linux, where Homebrew
# cannot build a Swift package for macOS (README "Installing the CLI on macOS").
#
#   brew install --HEAD ./Formula/overlay.rb      # from a clone, the current main branch
#
# The project has no published repository or release yet: `overlay-l10n/overlay` below stands for it. When a release
# is tagged, add its tarball (`url "<repository>/archive/refs/tags/vX.Y.Z.tar.gz"`) and its `sha256` (`shasum -a 256`
# of that tarball), and point `homepage` and `head` at the real repository.
class Overlay < Formula
  desc "Over-the-air localization updates: check, publish, validate and gate signed string tables"
  homepage "https://github.com/overlay-l10n/overlay"
  head "https://github.com/overlay-l10n/overlay.git", branch: "main"

  # Swift 6 (Package.swift's tools version) and macOS 15 (Package.swift's platforms: Synchronization's Atomic).
  depends_on xcode: ["16.0", :build]
  depends_on macos: :sequoia
  uses_from_macos "zlib"

  def install
    # Homebrew's build sandbox forbids what SwiftPM's own sandbox does; CryptoKit, zlib and Foundation come from the SDK.
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "overlay"
    bin.install ".build/release/overlay"
  end

  test do
    assert_match "overlay", shell_output("#{bin}/overlay --version")
    (testpath/"catalog/App/en.lproj").mkpath
    (testpath/"catalog/App/en.lproj/Localizable.strings").write "\"greeting\" = \"Hello, %@!\";\n"
    assert_match "sha256:", shell_output("#{bin}/overlay source-hash #{testpath}/catalog")
    system bin/"overlay", "check", testpath/"catalog"
    system bin/"overlay", "keygen", "--out", testpath/"keys"
    system bin/"overlay", "publish", testpath/"catalog", "--app-version", "1.0", "--first-publish",
           "--key", testpath/"keys/overlay-signing-key.pem", "--out", testpath/"origin"
    system bin/"overlay", "validate", testpath/"origin", "--bundle", testpath/"catalog",
           "--trust", testpath/"keys/overlay-signing-key.pub.pem"
  end
end
