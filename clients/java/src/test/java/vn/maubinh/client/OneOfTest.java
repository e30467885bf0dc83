package vn.maubinh.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import vn.maubinh.client.core.JSON;
import vn.maubinh.client.model.AbstractOpenApiSchema;
import vn.maubinh.client.model.Arrangement;
import vn.maubinh.client.model.ForfeitedSeat;
import vn.maubinh.client.model.PlayedSeat;
import vn.maubinh.client.model.PlayerInput;
import vn.maubinh.client.model.PresetName;
import vn.maubinh.client.model.RuleOverrides;
import vn.maubinh.client.model.RuleOverridesRake;
import vn.maubinh.client.model.Variant;
import vn.maubinh.client.model.VariantSpec;

/** The one-of values (a variant spec, a seat, a rake) are made from one of their shapes only. */
class OneOfTest {
    /** Every one-of of the generated models: the classes of the model package that extend AbstractOpenApiSchema. */
    private static List<Class<?>> oneOfs() throws URISyntaxException, ClassNotFoundException {
        Path models = Paths.get(VariantSpec.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve(Paths.get("vn", "maubinh", "client", "model"));
        List<Class<?>> found = new ArrayList<>();
        for (String name : models.toFile().list()) {
            if (name.endsWith(".class") && !name.contains("$")) {
                Class<?> type = Class.forName("vn.maubinh.client.model." + name.substring(0, name.length() - 6));
                if (AbstractOpenApiSchema.class.isAssignableFrom(type) && type != AbstractOpenApiSchema.class) {
                    found.add(type);
                }
            }
        }
        return found;
    }

    @Test
    void noOneOfIsMadeEmptyOrFromAnObject() throws URISyntaxException, ClassNotFoundException {
        // `new VariantSpec("online")` compiled (and threw at run time) while a constructor took Object.
        List<Class<?>> oneOfs = oneOfs();
        assertTrue(oneOfs.containsAll(Arrays.asList(VariantSpec.class, PlayerInput.class, RuleOverridesRake.class)), oneOfs.toString());
        List<String> loose = new ArrayList<>();
        for (Class<?> type : oneOfs) {
            for (Constructor<?> made : type.getDeclaredConstructors()) {
                boolean open = Modifier.isPublic(made.getModifiers());
                List<Class<?>> takes = Arrays.asList(made.getParameterTypes());
                if (open && (takes.isEmpty() || takes.contains(Object.class))) {
                    loose.add(made.toString());
                }
            }
        }
        assertEquals(new ArrayList<String>(), loose);
    }

    @Test
    void eachShapesFactoryWritesThatShape() {
        assertEquals("\"online\"", JSON.serialize(VariantSpec.of(PresetName.ONLINE)));
        Variant rules = new Variant().preset(PresetName.CLASSIC).overrides(new RuleOverrides().rake(RuleOverridesRake.of("0.05")));
        assertEquals("{\"preset\":\"classic\",\"overrides\":{\"rake\":\"0.05\"}}", JSON.serialize(VariantSpec.of(rules)));
        assertEquals("0.05", JSON.serialize(RuleOverridesRake.of(new BigDecimal("0.05"))));
        assertEquals("{\"id\":\"dung\",\"forfeit\":true,\"declare_natural\":true}", JSON.serialize(Seats.forfeited("dung")));
        assertEquals(JSON.serialize(Seats.forfeited("dung")),
                JSON.serialize(PlayerInput.of(new ForfeitedSeat().id("dung").forfeit(ForfeitedSeat.ForfeitEnum.TRUE))));
        Arrangement set = new Arrangement().back(Arrays.asList("As", "Ks", "Qs", "Js", "Ts"))
                .middle(Arrays.asList("2h", "3h", "4h", "5h", "6h")).front(Arrays.asList("7d", "8d", "9d"));
        String played = JSON.serialize(Seats.played("an", set));
        assertEquals(played, JSON.serialize(PlayerInput.of(new PlayedSeat().id("an").arrangement(set))));
        assertTrue(played.startsWith("{\"id\":\"an\",\"arrangement\":{\"back\":[\"As\""), played);
        VariantSpec read = JSON.deserialize("\"online\"", VariantSpec.class);
        assertEquals(PresetName.ONLINE, read.getPresetName());
    }
}
