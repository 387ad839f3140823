import CZlib

/// One PNG chunk: its four-letter type and its data, and the bytes it is stored as.
///
/// Layout (PNG specification, W3C PNG Third Edition §5.3 "Chunk layout"): the data's length
/// (4 bytes, big-endian, at most 2³¹ − 1), the type (4 ASCII bytes), the data, then the CRC-32
/// of the type and the data (4 bytes, big-endian), computed with zlib's `crc32` (the same
/// polynomial, ISO 3309 / ITU-T V.42, the specification names).
///
/// ```swift
/// PNGChunk(type: "IEND", data: []).bytes   // 00 00 00 00 49 45 4E 44 AE 42 60 82
/// ```
package struct PNGChunk: Hashable, Sendable {
    /// The chunk type, four ASCII letters (`IHDR`, `IDAT`, `fcTL`, …).
    package let type: String
    /// The chunk's data, without length, type or CRC.
    package let data: [UInt8]

    /// A chunk of `type` (four ASCII letters) holding `data`.
    package init(type: String, data: [UInt8]) {
        self.type = type
        self.data = data
    }

    /// The chunk as stored: length, type, data, CRC (12 + `data.count` bytes).
    package var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(12 + data.count)
        out += Self.bigEndian(UInt32(data.count))
        out += Array(type.utf8)
        out += data
        out += Self.bigEndian(crc)
        return out
    }

    /// The CRC-32 of the type's bytes followed by the data, as zlib's `crc32` computes it.
    package var crc: UInt32 {
        var value = CZlib.crc32(0, nil, 0)
        Array(type.utf8).withUnsafeBufferPointer { value = CZlib.crc32(value, $0.baseAddress, uInt($0.count)) }
        data.withUnsafeBufferPointer { value = CZlib.crc32(value, $0.baseAddress, uInt($0.count)) }
        return UInt32(truncatingIfNeeded: value)
    }

    /// The eight bytes every PNG file starts with: `89 50 4E 47 0D 0A 1A 0A` (PNG specification §5.2).
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks of a whole PNG (or APNG) file, in file order, each CRC verified.
    ///
    /// - Throws: ``PNGError`` when the signature is missing, a chunk runs past the end, or a
    ///   stored CRC differs from the computed one (naming the chunk and its byte offset).
    package static func chunks(in file: [UInt8]) throws(PNGError) -> [PNGChunk] {
        guard file.count >= 8, file[0..<8].elementsEqual(signature) else {
            throw PNGError(message: "no PNG signature")
        }
        var chunks: [PNGChunk] = []
        var offset = 8
        while offset < file.count {
            guard file.count - offset >= 12 else { throw PNGError(message: "a chunk at byte \(offset) is cut short") }
            let length = Int(word(file, at: offset))
            guard length <= file.count - offset - 12 else {
                throw PNGError(message: "the chunk at byte \(offset) declares \(length) bytes, past the end of the file")
            }
            let type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let chunk = PNGChunk(type: type, data: Array(file[(offset + 8)..<(offset + 8 + length)]))
            let stored = word(file, at: offset + 8 + length)
            guard stored == chunk.crc else {
                throw PNGError(message: "\(type) at byte \(offset): CRC error")
            }
            chunks.append(chunk)
            offset += 12 + length
        }
        return chunks
    }

    /// `value` as 4 big-endian bytes.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// `value` as 2 big-endian bytes.
    static func bigEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    /// The big-endian 32-bit word at `offset`.
    static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
