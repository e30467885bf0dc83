package maubinh

// The one-of values a request is made of, built in one step. The generated From… methods return
// an error because they marshal a value of any shape; these marshal strings, card lists and the
// generated Variant, whose every field is a string, a number, a bool or a union read or built by
// the generated code, so json.Marshal has nothing it can refuse.

// Ptr is a pointer to a copy of value: for the optional fields of a request (Seed: Ptr(7)).
func Ptr[T any](value T) *T {
	return &value
}

// Preset is a variant given by its preset's name (PresetNameOnline, PresetNameClassic, ...).
func Preset(name PresetName) VariantSpec {
	spec := VariantSpec{}
	_ = spec.FromPresetName(name) // a string always marshals
	return spec
}

// Rules is a variant given as a preset with overrides: an answer's Variant, posted on as it came
// (its fingerprint then makes the service check that the rules are the same).
func Rules(variant Variant) VariantSpec {
	spec := VariantSpec{}
	_ = spec.FromVariant(variant) // see above: a Variant always marshals
	return spec
}

// Played is a seat that sets its arrangement.
func Played(id PlayerId, arrangement Arrangement) PlayerInput {
	return Seat(PlayedSeat{Id: id, Arrangement: arrangement})
}

// Seat is a seat that sets its arrangement, with the PlayedSeat's other fields (DeclareNatural:
// Ptr(false) plays the arrangement though the hand holds a natural).
func Seat(seat PlayedSeat) PlayerInput {
	input := PlayerInput{}
	_ = input.FromPlayedSeat(seat) // see above: a PlayedSeat always marshals
	return input
}

// Forfeit is a seat whose player left before the reveal: it counts as fouled.
func Forfeit(id PlayerId) PlayerInput {
	input := PlayerInput{}
	_ = input.FromForfeitedSeat(ForfeitedSeat{Id: id, Forfeit: ForfeitedSeatForfeitTrue})
	return input
}
