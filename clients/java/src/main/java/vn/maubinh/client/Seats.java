package vn.maubinh.client;

import vn.maubinh.client.model.Arrangement;
import vn.maubinh.client.model.ForfeitedSeat;
import vn.maubinh.client.model.PlayedSeat;
import vn.maubinh.client.model.PlayerInput;

/**
 * A settlement's seats, made in one step that cannot fail: a seat that played its arrangement, or
 * one that forfeited ({@code forfeit} is then the JSON {@code true} the contract requires, which the
 * generated {@link ForfeitedSeat} leaves to its caller).
 */
public final class Seats {
    private Seats() {}

    /**
     * @param id the player's id at the table
     * @param arrangement the three chi the player set
     * @return the seat, as a settlement's {@code players} item
     */
    public static PlayerInput played(String id, Arrangement arrangement) {
        return PlayerInput.of(new PlayedSeat().id(id).arrangement(arrangement));
    }

    /**
     * @param id the player's id at the table
     * @return the seat of a player who left before the reveal (it counts as fouled), as a settlement's {@code players} item
     */
    public static PlayerInput forfeited(String id) {
        return PlayerInput.of(new ForfeitedSeat().id(id).forfeit(ForfeitedSeat.ForfeitEnum.TRUE));
    }
}
