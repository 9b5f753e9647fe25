import Foundation
import OverlayTools

/// `overlay keygen --out DIR`: an Ed25519 signing key pair for `publish --key` and `--trust`.
enum KeygenCommand: Command {
    static let name = "keygen"
    static let summary = "Generate an Ed25519 signing key pair."
    static let usage = "keygen --out <dir> [--json]"
    static let discussion = """
        Writes <dir>/\(KeyFiles.privateKeyName) (PKCS#8 PEM, mode 0600: keep it secret, give it to
        'publish --key') and <dir>/\(KeyFiles.publicKeyName) (SPKI PEM: give it to '--trust'). Existing
        files are never overwritten. Prints the public key's 32 raw bytes in base64 (ship them in the app:
        Ed25519PublicKey(rawRepresentation:)) and the key id (their SHA-256), which signature files name.
        An --out that exists and is not a directory is refused.

        To rotate keys, ship the new public key in a build while the old key still signs:
        'publish --key old.pem --key new.pem' writes one signature per key.

        EXAMPLES:
          overlay keygen --out keys/
          openssl genpkey -algorithm ed25519 -out key.pem   # keys made by openssl work too
        """
    static let signature = CommandSignature(options: [
        .value("out", "dir", "Directory to write the key pair into (created if missing)."),
        .flag("json", "Print the paths and key id as JSON."),
    ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let directory = try arguments.required("out")
        let generated: KeyFiles.Generated
        do {
            generated = try KeyFiles.generate(into: URL(fileURLWithPath: directory))
        } catch let error as ToolError {
            throw CommandFailure(message: error.message)
        }
        if arguments.flag("json") {
            console.out(JSONOutput.object([
                ("private_key", .string(generated.privateKeyPath.path)),
                ("public_key", .string(generated.publicKeyPath.path)),
                ("keyid", .string(generated.keyID)),
                ("public_key_base64", .string(generated.rawPublicKey.base64EncodedString())),
            ]).rendered())
        } else {
            console.line("private key: \(generated.privateKeyPath.path) (keep secret)")
            console.line("public key:  \(generated.publicKeyPath.path)")
            console.line("key id:      \(generated.keyID)")
            console.line("app key:     \(generated.rawPublicKey.base64EncodedString()) (base64 of the raw public key)")
        }
        return ExitCode.success
    }
}
