package dev.bundlectl.cluster.connect;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.sec.SECObjectIdentifiers;
import org.junit.jupiter.api.Test;

/**
 * Each PEM form a cluster's kubeconfig may hold reads back to the very key that was written; the
 * forms it does not read give empty, so that fabric8 reads them instead.
 */
class PemPrivateKeyTest {

    @Test
    void rsaAsPkcs8AndAsPkcs1() throws Exception {
        PrivateKey rsa = generate("RSA", null);

        assertThat(PemPrivateKey.read(pem("PRIVATE KEY", rsa.getEncoded()))).contains(rsa);
        assertThat(PemPrivateKey.read(pem("RSA PRIVATE KEY", innerKey(rsa)))).contains(rsa);
    }

    @Test
    void ecAsPkcs8AndAsSec1WithItsNamedCurve() throws Exception {
        ECPrivateKey ec = (ECPrivateKey) generate("EC", new ECGenParameterSpec("secp256r1"));
        // SEC1 as openssl and k3s write it: version, key, and the curve's OID in [0].
        byte[] sec1 = new org.bouncycastle.asn1.sec.ECPrivateKey(256, ec.getS(), SECObjectIdentifiers.secp256r1)
                .getEncoded();

        assertThat(PemPrivateKey.read(pem("PRIVATE KEY", ec.getEncoded()))).contains(ec);
        assertThat(PemPrivateKey.read(pem("EC PRIVATE KEY", sec1))).hasValueSatisfying(read -> {
            assertThat(read).isInstanceOfSatisfying(ECPrivateKey.class, key -> {
                assertThat(key.getS()).isEqualTo(ec.getS());
                assertThat(key.getParams().getCurve()).isEqualTo(ec.getParams().getCurve());
            });
        });
    }

    @Test
    void ed25519AsPkcs8() throws Exception {
        PrivateKey ed = generate("Ed25519", null);

        assertThat(PemPrivateKey.read(pem("PRIVATE KEY", ed.getEncoded()))).contains(ed);
    }

    @Test
    void otherBlocksBeforeTheKeyAreSkipped() throws Exception {
        PrivateKey rsa = generate("RSA", null);
        String ecParameters = pem("EC PARAMETERS", new ASN1ObjectIdentifier("1.2.840.10045.3.1.7").getEncoded());
        String certificateLike = pem("CERTIFICATE", new byte[] {1, 2, 3});

        assertThat(PemPrivateKey.read(ecParameters + certificateLike + pem("RSA PRIVATE KEY", innerKey(rsa))))
                .contains(rsa);
    }

    @Test
    void formsLeftToFabric8GiveEmpty() throws Exception {
        ECPrivateKey ec = (ECPrivateKey) generate("EC", new ECGenParameterSpec("secp256r1"));
        byte[] sec1WithoutCurve = new org.bouncycastle.asn1.sec.ECPrivateKey(256, ec.getS()).getEncoded();

        assertThat(PemPrivateKey.read(pem("ENCRYPTED PRIVATE KEY", new byte[] {0x30, 0x03, 0x02, 0x01, 0x00})))
                .isEmpty();
        assertThat(PemPrivateKey.read(pem("EC PRIVATE KEY", sec1WithoutCurve))).isEmpty();
        assertThat(PemPrivateKey.read(pem("RSA PRIVATE KEY", new byte[] {0x30, (byte) 0x84, 1, 2}))).isEmpty();
        assertThat(PemPrivateKey.read(pem("EC PRIVATE KEY", new byte[] {0x30, (byte) 0x82, 0x10, 0x00, 0x02}))).isEmpty();
        assertThat(PemPrivateKey.read("-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n")).isEmpty();
        assertThat(PemPrivateKey.read("not pem at all")).isEmpty();
    }

    @Test
    void aLongKeyNeedsATwoOctetLengthWhenRewrapped() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(4096);
        PrivateKey rsa = generator.generateKeyPair().getPrivate();

        assertThat(innerKey(rsa).length).isGreaterThan(0xff);
        assertThat(PemPrivateKey.read(pem("RSA PRIVATE KEY", innerKey(rsa)))).contains(rsa);
    }

    static PrivateKey generate(String algorithm, ECGenParameterSpec curve) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
        if (curve != null) {
            generator.initialize(curve);
        }
        return generator.generateKeyPair().getPrivate();
    }

    /** The algorithm-specific key inside a PKCS#8 structure: PKCS#1 for RSA. */
    static byte[] innerKey(PrivateKey key) throws Exception {
        return PrivateKeyInfo.getInstance(key.getEncoded()).parsePrivateKey().toASN1Primitive().getEncoded();
    }

    static String pem(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }

}
