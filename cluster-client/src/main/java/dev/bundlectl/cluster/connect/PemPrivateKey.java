package dev.bundlectl.cluster.connect;

import java.io.ByteArrayOutputStream;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an unencrypted private key from PEM text, in the three forms Kubernetes tools write:
 * PKCS#8 ({@code PRIVATE KEY}), PKCS#1 RSA ({@code RSA PRIVATE KEY}) and SEC1 EC
 * ({@code EC PRIVATE KEY}, with its named curve). The last two are re-wrapped as PKCS#8, the one
 * form the JDK's key factories take. Other blocks in the text (certificates, {@code EC PARAMETERS})
 * are skipped; an encrypted key is not read.
 */
final class PemPrivateKey {

    private static final Pattern BLOCK = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]+)-----\\s*([A-Za-z0-9+/=\\s]*?)-----END \\1-----");

    // AlgorithmIdentifier { rsaEncryption, NULL } and the id-ecPublicKey OID, DER.
    private static final byte[] RSA_ALGORITHM = {0x30, 0x0d, 0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86,
        (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};
    private static final byte[] EC_PUBLIC_KEY_OID = {0x06, 0x07, 0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x02, 0x01};
    private static final byte[] VERSION_ZERO = {0x02, 0x01, 0x00};

    private static final int SEQUENCE = 0x30;
    private static final int OCTET_STRING = 0x04;
    private static final int INTEGER = 0x02;
    private static final int OID = 0x06;
    private static final int EC_PARAMETERS_TAG = 0xa0;

    // A PKCS#8 key names its algorithm; asking the factories in turn is simpler than mapping OIDs.
    private static final List<String> PKCS8_ALGORITHMS = List.of("RSA", "EC", "EdDSA", "RSASSA-PSS", "XDH", "DSA");

    private PemPrivateKey() {
    }

    /** The first private key in {@code pem}; empty when there is none this class reads. */
    static Optional<PrivateKey> read(String pem) {
        Matcher block = BLOCK.matcher(pem);
        while (block.find()) {
            String label = block.group(1);
            if (!label.endsWith("PRIVATE KEY")) {
                continue;
            }
            try {
                byte[] der = Base64.getMimeDecoder().decode(block.group(2));
                return switch (label) {
                    case "PRIVATE KEY" -> pkcs8(der);
                    case "RSA PRIVATE KEY" -> generate("RSA", wrap(RSA_ALGORITHM, der));
                    case "EC PRIVATE KEY" -> sec1(der);
                    default -> Optional.empty();
                };
            } catch (IllegalArgumentException | IndexOutOfBoundsException malformed) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static Optional<PrivateKey> pkcs8(byte[] der) {
        for (String algorithm : PKCS8_ALGORITHMS) {
            Optional<PrivateKey> key = generate(algorithm, der);
            if (key.isPresent()) {
                return key;
            }
        }
        return Optional.empty();
    }

    // ECPrivateKey ::= SEQUENCE { version INTEGER, privateKey OCTET STRING,
    //                             parameters [0] OBJECT IDENTIFIER OPTIONAL, publicKey [1] BIT STRING OPTIONAL }
    private static Optional<PrivateKey> sec1(byte[] der) {
        Der outer = new Der(der, 0);
        if (outer.tag() != SEQUENCE) {
            return Optional.empty();
        }
        Der version = outer.firstChild();
        Der privateKey = version.next();
        if (version.tag() != INTEGER || privateKey.tag() != OCTET_STRING || !privateKey.hasNext(outer)) {
            return Optional.empty();
        }
        Der parameters = privateKey.next();
        if (parameters.tag() != EC_PARAMETERS_TAG) {
            return Optional.empty();
        }
        Der curve = parameters.firstChild();
        if (curve.tag() != OID) {
            return Optional.empty();
        }
        byte[] algorithm = tlv(SEQUENCE, concat(EC_PUBLIC_KEY_OID, curve.encoded()));
        return generate("EC", wrap(algorithm, der));
    }

    // PrivateKeyInfo ::= SEQUENCE { version 0, AlgorithmIdentifier, privateKey OCTET STRING }
    private static byte[] wrap(byte[] algorithmIdentifier, byte[] privateKey) {
        return tlv(SEQUENCE, concat(VERSION_ZERO, algorithmIdentifier, tlv(OCTET_STRING, privateKey)));
    }

    private static Optional<PrivateKey> generate(String algorithm, byte[] pkcs8) {
        try {
            return Optional.of(KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8)));
        } catch (GeneralSecurityException | RuntimeException notThisAlgorithm) {
            return Optional.empty();
        }
    }

    private static byte[] tlv(int tag, byte[] value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(value.length + 6);
        out.write(tag);
        int length = value.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = (32 - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | bytes);
            for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
                out.write(length >>> shift);
            }
        }
        out.writeBytes(value);
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** One DER element at {@code offset}: just enough reading to walk a SEC1 key. */
    private record Der(byte[] der, int offset) {

        int tag() {
            return offset < der.length ? der[offset] & 0xff : -1;
        }

        private int lengthOctets() {
            int first = der[offset + 1] & 0xff;
            return first < 0x80 ? 1 : 1 + (first & 0x7f);
        }

        private int valueLength() {
            int first = der[offset + 1] & 0xff;
            if (first < 0x80) {
                return first;
            }
            int count = first & 0x7f;
            if (count == 0 || count > 3) {
                throw new IllegalArgumentException("unsupported DER length");
            }
            int length = 0;
            for (int i = 0; i < count; i++) {
                length = (length << 8) | (der[offset + 2 + i] & 0xff);
            }
            return length;
        }

        private int valueStart() {
            return offset + 1 + lengthOctets();
        }

        private int end() {
            int end = valueStart() + valueLength();
            if (end > der.length) {
                throw new IllegalArgumentException("truncated DER");
            }
            return end;
        }

        Der firstChild() {
            end();
            return new Der(der, valueStart());
        }

        Der next() {
            return new Der(der, end());
        }

        boolean hasNext(Der parent) {
            return end() < parent.end();
        }

        byte[] encoded() {
            return Arrays.copyOfRange(der, offset, end());
        }
    }
}
