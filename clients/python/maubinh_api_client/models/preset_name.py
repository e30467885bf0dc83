from enum import StrEnum

class PresetName(StrEnum):
    CHINESE_POKER_2_4 = "chinese-poker-2-4"
    CLASSIC = "classic"
    EXTENDED = "extended"
    ONLINE = "online"

    def __str__(self) -> str:
        return str(self.value)
