package import OverlayCore

/// One `-----BEGIN <label>-----` … `-----END <label>-----` block (RFC 7468) and the DER bytes it carries.
package struct PEMBlock: Sendable, Equatable {
    package var label: String
    package var der: [UInt8]
}

/// RFC 7468 text encoding, strict about the armor and the base64 inside it. Text outside the blocks is ignored, as
/// RFC 7468 allows; RFC 1421 header lines (`Proc-Type: 4,ENCRYPTED`) mark an encrypted legacy key and are refused.
package enum PEM {
    /// - Throws: ``CryptoError/Code/invalidPEM`` when there is no block, a block has no matching END line,
    ///   or a body is not base64.
    package static func blocks(in text: String) throws(CryptoError) -> [PEMBlock] {
        var blocks: [PEMBlock] = []
        var open: (label: String, body: String)?
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            if let current = open {
                if let label = armorLabel(line, kind: "END") {
                    guard label == current.label else {
                        throw invalid("the block BEGIN \(current.label) ends with END \(label)")
                    }
                    guard let der = Base64.decode(current.body) else {
                        throw invalid("the body of the \(label) block is not valid base64")
                    }
                    blocks.append(PEMBlock(label: label, der: Array(der)))
                    open = nil
                } else if line.contains(":") {
                    throw CryptoError(
                        code: .wrongPEMLabel,
                        message: "the \(current.label) block has RFC 1421 headers (\(line)): it is an encrypted "
                            + "legacy key; write it unencrypted as PKCS#8 with `openssl pkey -in key.pem -out plain.pem`"
                    )
                } else {
                    open = (current.label, current.body + line)
                }
            } else if let label = armorLabel(line, kind: "BEGIN") {
                open = (label, "")
            }
        }
        if let open {
            throw invalid("the \(open.label) block has no END line (the file is truncated)")
        }
        guard !blocks.isEmpty else {
            throw invalid("no -----BEGIN …----- line found")
        }
        return blocks
    }

    package static func singleBlock(in text: String, expectedLabel: String) throws(CryptoError) -> PEMBlock {
        let blocks = try blocks(in: text)
        guard blocks.count == 1 else {
            let labels = blocks.map(\.label).joined(separator: ", ")
            throw invalid("found \(blocks.count) PEM blocks (\(labels)); expected exactly one \(expectedLabel) block")
        }
        return blocks[0]
    }

    package static func armorLabel(_ line: Substring, kind: String) -> String? {
        let prefix = "-----\(kind) "
        guard line.hasPrefix(prefix), line.hasSuffix("-----"), line.count >= prefix.count + 5 else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(5))
    }

    package static func invalid(_ problem: String) -> CryptoError {
        CryptoError(code: .invalidPEM, message: "not a usable PEM file: \(problem); expected the output of "
            + "`openssl genpkey -algorithm ed25519` (private) or `openssl pkey -pubout` (public)")
    }
}
