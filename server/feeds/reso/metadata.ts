/**
 * The feed's `$metadata` (decision 094): CSDL XML of EDMX 4.0 in RESO's namespace
 * `org.reso.metadata`, made from fields.ts: the Property entity type keyed by ListingKey, the
 * Media entity type its `Media` navigation property contains, and the one entity set.
 */
import {
  type EdmType,
  listingKeyField,
  mediaNavigation,
  type ResoField,
  resoMediaFields,
  resoPropertyFields,
} from "./fields.ts";

export const resoNamespace = "org.reso.metadata";

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

function propertyElement(field: {
  name: string;
  type: EdmType;
  precision?: number;
  scale?: number;
  maxLength?: number;
  nullable?: boolean;
}): string {
  const attributes = [
    `Name="${escapeXml(field.name)}"`,
    `Type="${field.type}"`,
    ...(field.nullable === false ? ['Nullable="false"'] : []),
    ...(field.maxLength === undefined ? [] : [`MaxLength="${field.maxLength}"`]),
    ...(field.precision === undefined ? [] : [`Precision="${field.precision}"`]),
    ...(field.scale === undefined ? [] : [`Scale="${field.scale}"`]),
  ];
  return `<Property ${attributes.join(" ")}/>`;
}

function keyed(field: ResoField | (typeof resoMediaFields)[number], key: string) {
  return field.name === key ? { ...field, nullable: false } : field;
}

/** The CSDL document, made once. */
export const resoMetadataXml: string = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">',
  "<edmx:DataServices>",
  `<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="${resoNamespace}">`,
  '<EntityType Name="Property">',
  `<Key><PropertyRef Name="${listingKeyField}"/></Key>`,
  ...resoPropertyFields.map((field) => propertyElement(keyed(field, listingKeyField))),
  `<NavigationProperty Name="${mediaNavigation}" Type="Collection(${resoNamespace}.Media)" ContainsTarget="true"/>`,
  "</EntityType>",
  '<EntityType Name="Media">',
  '<Key><PropertyRef Name="MediaKey"/></Key>',
  ...resoMediaFields.map((field) => propertyElement(keyed(field, "MediaKey"))),
  "</EntityType>",
  '<EntityContainer Name="Default">',
  `<EntitySet Name="Property" EntityType="${resoNamespace}.Property"/>`,
  "</EntityContainer>",
  "</Schema>",
  "</edmx:DataServices>",
  "</edmx:Edmx>",
  "",
].join("\n");
