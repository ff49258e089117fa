package dev.bundlectl.picocli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * This module's build replaces picocli's Java 5 class files by the same sources compiled for Java 17:
 * every class of picocli's jar must be here, and every one here must be a Java 17 class file, or the
 * class-data archive silently loses picocli again (a slower CLI, with nothing failing).
 */
class RecompiledClassesTest {

    private static final int JAVA_17 = 61;

    @Test
    void everyClassOfPicocliIsRecompiledForJava17() throws IOException {
        Path compiled = Path.of("target/classes");
        Map<String, Integer> recompiled = new TreeMap<>();
        try (Stream<Path> files = Files.walk(compiled)) {
            for (Path file : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                try (InputStream in = Files.newInputStream(file)) {
                    recompiled.put(compiled.relativize(file).toString(), majorVersion(in));
                }
            }
        }
        Map<String, Integer> published = new TreeMap<>();
        try (JarFile jar = publishedJar()) {
            for (var entry : Collections.list(jar.entries())) {
                String name = entry.getName();
                if (name.endsWith(".class") && !name.startsWith("META-INF/")) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        published.put(name, majorVersion(in));
                    }
                }
            }
        }

        assertThat(published).as("picocli's own jar holds Java 5 classes").isNotEmpty().containsValue(49);
        // javac also writes the package's Javadoc holder, which picocli's own build leaves out.
        assertThat(recompiled.keySet()).containsAll(published.keySet());
        assertThat(recompiled.keySet()).hasSize(published.size() + 1).contains("picocli/package-info.class");
        assertThat(recompiled.values()).containsOnly(JAVA_17);
    }

    /** picocli's published jar: the class path entry that is not this module's output. */
    private static JarFile publishedJar() throws IOException {
        List<URL> copies = Collections.list(
                RecompiledClassesTest.class.getClassLoader().getResources("picocli/CommandLine.class"));
        for (URL copy : copies) {
            if (copy.getProtocol().equals("jar")) {
                return ((JarURLConnection) copy.openConnection()).getJarFile();
            }
        }
        throw new AssertionError("picocli's jar is not on the test class path: " + copies);
    }

    private static int majorVersion(InputStream classFile) throws IOException {
        DataInputStream data = new DataInputStream(classFile);
        assertThat(data.readInt()).isEqualTo(0xCAFEBABE);
        data.readUnsignedShort();
        return data.readUnsignedShort();
    }
}
