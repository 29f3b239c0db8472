import { describe, expect, test } from "bun:test";
import { isExterior, isInterior, stationDescription, stationIcon } from "~/domain/fabrication";
import { fileIndicator, machineFileMaterial, machineFileQrPayload } from "~/domain/machine-file-rules";

describe("product §2 file indicator", () => {
  test.each([
    ["Vinyl", [], "none"],
    ["Vinyl", [" vinyl "], "match"],
    ["Café Vinyl", ["CAFÉ VINYL", "café vinyl"], "match"],
    ["Vinyl", ["Vinyl", "Mesh"], "mismatch"],
    ["Vinyl", ["File for HP Latex 800"], "mismatch"],
  ] as const)("%s with %j → %s", (material, files, expected) => {
    expect(fileIndicator(material, files)).toBe(expected);
  });
});

describe("machine file material and QR payload", () => {
  test("the description is the material unless it is the 'File for {machine}' stand-in", () => {
    expect(machineFileMaterial({ description: "Vinyl" })).toBe("Vinyl");
    expect(machineFileMaterial({ description: "File for Zund G3", itemMaterial: "Acrylic" })).toBe("Acrylic");
    expect(machineFileMaterial({ description: "File for Zund G3" })).toBe("Unknown");
  });
  test("§3 payload: type 'machine-file', fileId, fileName, machine, project, material, fileOwner", () => {
    const payload = JSON.parse(
      machineFileQrPayload({ id: 7, fileName: "a.pdf", projectName: "Bakery", description: "Vinyl", fileOwnerName: null }, "HP Latex 800"),
    );
    expect(payload).toEqual({
      type: "machine-file",
      fileId: 7,
      fileName: "a.pdf",
      machine: "HP Latex 800",
      project: "Bakery",
      material: "Vinyl",
      fileOwner: null,
    });
  });
});

describe("fabrication stations", () => {
  test("sections and the default description", () => {
    expect(isInterior("Interior Paint")).toBe(true);
    expect(isExterior("Channel Letter Returns")).toBe(true);
    expect(isExterior("Interior Paint")).toBe(false);
    expect(stationDescription({ name: "Exterior Assembly", description: "" })).toBe("Exterior Assembly operations");
  });
  test.each([
    ["Interior Assembly", "assembly"],
    ["Interior Lights", "lights"],
    ["Quality Control", "quality"],
    ["Exterior Packaging", "packing"],
    ["Storage", "storage"],
    ["Exterior Riveting", "riveting"],
    ["Trim Cap Bending", "trim"],
    ["Install Prep", "install"],
    ["Paint Booth", "paint"],
    ["Finishing", "finish"],
    ["Shipping", "shipping"],
    ["Welding", "fabrication"],
  ] as const)("%s → %s", (name, icon) => expect(stationIcon(name)).toBe(icon));
});
