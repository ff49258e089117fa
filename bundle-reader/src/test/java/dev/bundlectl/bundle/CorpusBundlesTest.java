package dev.bundlectl.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Reads every real bundle of the dev corpus. */
class CorpusBundlesTest {

    private final BundleReader reader = new BundleReader();

    @Test
    void everyDevBundleIsReadOrRejectedWithErrors() {
        List<Path> dirs = Corpus.devBundleDirs();
        Map<String, List<String>> rejected = new TreeMap<>();
        int accepted = 0;
        int warnings = 0;
        for (Path dir : dirs) {
            BundleReadResult result = reader.read(dir);
            warnings += result.diagnostics().warnings().size();
            result.diagnostics().warnings().forEach(w -> System.out.println("WARN " + Corpus.devName(dir) + " " + w));
            if (result.bundle().isPresent()) {
                accepted++;
                assertThat(result.diagnostics().hasErrors()).isFalse();
            } else {
                assertThat(result.diagnostics().errors()).as(Corpus.devName(dir)).isNotEmpty();
                List<String> reasons = new ArrayList<>();
                result.diagnostics().errors().forEach(e -> reasons.add(e.toString()));
                rejected.put(Corpus.devName(dir), reasons);
            }
        }
        System.out.printf("corpus: %d bundle dirs, %d read OK, %d rejected, %d warnings%n", dirs.size(), accepted,
                rejected.size(), warnings);
        rejected.forEach((name, reasons) -> {
            System.out.println("  rejected " + name);
            reasons.forEach(r -> System.out.println("    " + r));
        });
        assertThat(dirs).hasSize(150);
    }
}
