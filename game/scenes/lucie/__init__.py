"""La Belle Lucie (Gellman Software, 1989): the play screen, its help and its pictures."""
