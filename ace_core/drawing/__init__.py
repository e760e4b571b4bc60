"""Drawing shared by the writers (HTML, Figma): preset geometries, charts, equations, fonts, autonumbers."""
