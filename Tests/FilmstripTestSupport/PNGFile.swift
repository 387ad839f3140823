/// Just enough of the PNG file format (ISO/IEC 15948) to look inside the encoder's output and
/// to build small PNG files by hand, independently of libpng.
package enum PNGFile {
    /// The eight bytes every PNG file starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    package struct Chunk: Equatable {
        package var type: String
        package var data: [UInt8]
        /// The CRC stored in the file.
        package var crc: UInt32
        /// The CRC computed over type and data, to compare with ``crc``.
        package init(type: String, data: [UInt8], crc: UInt32) {
            self.type = type
            self.data = data
            self.crc = crc
        }
        package var computedCRC: UInt32 { PNGFile.crc32(Array(type.utf8) + data) }
    }

    /// The chunks of a PNG file in order, or nil when the bytes are not signature + chunks.
    package static func chunks(_ bytes: [UInt8]) -> [Chunk]? {
        guard bytes.starts(with: signature) else { return nil }
        var chunks: [Chunk] = []
        var offset = signature.count
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { return nil }
            let length = Int(bigEndian32(bytes, at: offset))
            guard offset + 12 + length <= bytes.count else { return nil }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            chunks.append(Chunk(type: type, data: data, crc: bigEndian32(bytes, at: offset + 8 + length)))
            offset += 12 + length
        }
        return chunks
    }

    /// IHDR's fields.
    package struct Header: Equatable {
        package var width: UInt32
        package var height: UInt32
        package var bitDepth: UInt8
        package var colorType: UInt8

        package init(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8) {
            self.width = width
            self.height = height
            self.bitDepth = bitDepth
            self.colorType = colorType
        }
    }

    package static func header(_ chunks: [Chunk]) -> Header? {
        guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else { return nil }
        return Header(
            width: bigEndian32(ihdr.data, at: 0), height: bigEndian32(ihdr.data, at: 4),
            bitDepth: ihdr.data[8], colorType: ihdr.data[9])
    }

    /// The filtered scanlines of a file whose zlib stream holds only stored (uncompressed)
    /// deflate blocks, as zlib writes at compression level 0; nil for any other stream or a
    /// wrong Adler-32.
    package static func storedScanlines(_ chunks: [Chunk]) -> [UInt8]? {
        let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        guard stream.count >= 6, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0, stream[0] & 0x0F == 8 else { return nil }
        var output: [UInt8] = []
        var offset = 2
        while true {
            guard offset + 5 <= stream.count else { return nil }
            let header = stream[offset]
            guard (header >> 1) & 0b11 == 0 else { return nil }  // BTYPE 00: stored
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
            guard length ^ complement == 0xFFFF, offset + 5 + length <= stream.count else { return nil }
            output += stream[(offset + 5)..<(offset + 5 + length)]
            offset += 5 + length
            if header & 1 == 1 { break }  // BFINAL
        }
        guard offset + 4 == stream.count, bigEndian32(stream, at: offset) == adler32(output) else { return nil }
        return output
    }

    /// A PNG file with the given header fields and already-filtered scanlines, stored in one
    /// uncompressed deflate block, plus `extra` chunks between IHDR and IDAT.
    package static func make(
        width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8,
        scanlines: [UInt8], extra: [(type: String, data: [UInt8])] = []
    ) -> [UInt8] {
        var bytes = signature
        func append(_ type: String, _ data: [UInt8]) {
            bytes += bigEndianBytes(UInt32(data.count))
            bytes += Array(type.utf8) + data
            bytes += bigEndianBytes(crc32(Array(type.utf8) + data))
        }
        append("IHDR", bigEndianBytes(width) + bigEndianBytes(height) + [bitDepth, colorType, 0, 0, 0])
        for chunk in extra { append(chunk.type, chunk.data) }
        let length = UInt16(scanlines.count)
        let zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + scanlines + bigEndianBytes(adler32(scanlines))
        append("IDAT", zlib)
        append("IEND", [])
        return bytes
    }

    /// CRC-32 as PNG and zlib define it (reflected polynomial 0xEDB88320).
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Adler-32, zlib's checksum of the uncompressed data.
    package static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    package static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    package static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
