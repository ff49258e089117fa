package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.ReaderLimits;
import dev.bundlectl.bundle.yaml.EmptyValues;
import dev.bundlectl.bundle.yaml.ParseFailure;
import dev.bundlectl.bundle.yaml.SafeYamlLoader;
import dev.bundlectl.bundle.yaml.Syntax;
import dev.bundlectl.bundle.yaml.YamlReference;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StrictDocumentTest {

    private static final Set<YamlReference.Kind> NONE = EnumSet.allOf(YamlReference.Kind.class);
    private static final Set<YamlReference.Kind> NO_ALIASES = EnumSet.of(YamlReference.Kind.ALIAS);

    private final SafeYamlLoader loader = new SafeYamlLoader(ReaderLimits.defaults(), EmptyValues.EMPTY_STRING);

    private StrictDocument read(String yaml, Set<YamlReference.Kind> forbidden) {
        return StrictDocument.of(loader.parse(yaml, "f.yaml", Syntax.YAML), forbidden);
    }

    @Test
    void oneDocumentFollowedByATrailingMarkerIsAccepted() {
        assertThat(read("a: 1\n---\n", NONE)).isInstanceOfSatisfying(StrictDocument.One.class,
                one -> assertThat(one.document().root().path("a").asInt()).isEqualTo(1));
    }

    @Test
    void aSecondDocumentIsRefusedWhereItStartsEvenAnEmptyOneBeforeTheContent() {
        assertThat(read("a: 1\n---\n---\nb: 2\n", NONE)).isEqualTo(new StrictDocument.ExtraDocument(4, 3));
        assertThat(read("---\n---\nb: 2\n", NONE)).isEqualTo(new StrictDocument.ExtraDocument(3, 2));
    }

    @Test
    void onlyTheForbiddenKindsOfReferenceAreRefused() {
        String anchoredOnly = "a: &x 1\nb: 2\n";

        assertThat(read(anchoredOnly, NO_ALIASES)).isInstanceOf(StrictDocument.One.class);
        assertThat(read(anchoredOnly, NONE)).isEqualTo(new StrictDocument.Forbidden(
                new YamlReference(YamlReference.Kind.ANCHOR, "x", 1, 4)));
        assertThat(read("a: &x 1\nb: *x\n", NO_ALIASES)).isEqualTo(new StrictDocument.Forbidden(
                new YamlReference(YamlReference.Kind.ALIAS, "x", 2, 4)));
    }

    @Test
    void whateverComesFirstInTheFileIsTheRefusal() {
        assertThat(read("a: 1\na: 2\nb: *x\n", NO_ALIASES)).isInstanceOfSatisfying(StrictDocument.DuplicatedKey.class,
                refused -> assertThat(refused.key().line()).isEqualTo(2));
        assertThat(read("b: &x 1\na: 1\na: 2\n", NONE)).isInstanceOf(StrictDocument.Forbidden.class);
        // The alias to nothing fails parsing, but using an alias at all is what comes first.
        assertThat(read("a: *nowhere\n", NO_ALIASES)).isInstanceOf(StrictDocument.Forbidden.class);
        assertThat(read("a: 1\nb: [\n---\nc: 1\n", NONE)).isInstanceOfSatisfying(StrictDocument.Unparsable.class,
                refused -> assertThat(refused.failure().kind()).isEqualTo(ParseFailure.Kind.SYNTAX));
    }

    @Test
    void aTextWithoutContentIsEmpty() {
        assertThat(read("# nothing\n", NONE)).isEqualTo(new StrictDocument.Empty());
        assertThat(read("---\n~\n", NONE)).isEqualTo(new StrictDocument.Empty());
    }
}
