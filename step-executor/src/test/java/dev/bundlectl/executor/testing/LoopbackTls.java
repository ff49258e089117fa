package dev.bundlectl.executor.testing;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throwaway certificate authority and a server certificate it signed for {@code 127.0.0.1} and
 * {@code localhost}, made in memory for a test server. Clients trust {@link #caPem()} and keep
 * verifying hostnames; a separate CA (not a self-signed leaf) is what Go's and Java's TLS stacks
 * both accept as a trust root.
 *
 * @param caPem the CA certificate, PEM
 * @param certificatePem the server certificate, PEM
 * @param privateKeyPem the server's private key, PKCS#8 PEM
 */
public record LoopbackTls(String caPem, String certificatePem, String privateKeyPem) {

    private static final Duration VALIDITY = Duration.ofDays(1);
    private static final String SIGNATURE = "SHA256withRSA";

    /** Makes a fresh CA and server certificate (RSA 2048, valid from an hour ago for a day). */
    public static LoopbackTls create() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            KeyPair caKeys = generator.generateKeyPair();
            KeyPair serverKeys = generator.generateKeyPair();
            Instant now = Instant.now();
            Date from = Date.from(now.minus(Duration.ofHours(1)));
            Date until = Date.from(now.plus(VALIDITY));
            X500Name caName = new X500Name("CN=bundlectl test proxy CA");

            X509v3CertificateBuilder ca = new JcaX509v3CertificateBuilder(caName, serial(1), from, until, caName,
                    caKeys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            X509Certificate caCertificate = sign(ca, caKeys);

            X509v3CertificateBuilder server = new JcaX509v3CertificateBuilder(caName, serial(2), from, until,
                    new X500Name("CN=127.0.0.1"), serverKeys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(Extension.keyUsage, true,
                            new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment))
                    .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth))
                    .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                        new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                        new GeneralName(GeneralName.dNSName, "localhost")}));
            X509Certificate serverCertificate = sign(server, caKeys);

            return new LoopbackTls(pem("CERTIFICATE", caCertificate.getEncoded()),
                    pem("CERTIFICATE", serverCertificate.getEncoded()),
                    pem("PRIVATE KEY", serverKeys.getPrivate().getEncoded()));
        } catch (GeneralSecurityException | OperatorCreationException | java.io.IOException e) {
            throw new IllegalStateException("could not make a test certificate: " + e.getMessage(), e);
        }
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, KeyPair issuer)
            throws OperatorCreationException, GeneralSecurityException {
        return new JcaX509CertificateConverter()
                .getCertificate(builder.build(new JcaContentSignerBuilder(SIGNATURE).build(issuer.getPrivate())));
    }

    private static BigInteger serial(long base) {
        // Random and positive: two proxies' certificates never share an issuer and serial number.
        return new BigInteger(62, new SecureRandom()).shiftLeft(2).add(BigInteger.valueOf(base));
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
                .encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }
}
