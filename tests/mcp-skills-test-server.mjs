// mcp-skills-test-server.mjs
//
// Copyright 2026 The mcp-glib authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// A real MCP server that serves skills (Skills extension, SEP-2640), written
// on the TypeScript SDK v2 (@modelcontextprotocol/server, pinned in
// package.json), over its standard streams: for the tests of McpSkills.
// The SDK builds every entry (skillEntry: digests, sizes, the frontmatter
// parsed by its own YAML parser); the skill source serves the files, some
// of them not as their entries say:
//
//   skill://acme/pdf-processing/SKILL.md   honest; rich frontmatter, a text
//                                          file, a binary file (as a blob)
//   skill://acme/tampered-digest/…         SKILL.md's bytes differ, same size
//   skill://acme/tampered-size/…           SKILL.md has bytes added
//   skill://acme/tampered-frontmatter/…    the entry's frontmatter differs
//                                          from the file's (size and digest
//                                          match the file)
//   skill://acme/evolving/SKILL.md         a new version at each skills/get
//   skill://acme/dynamic-notes/SKILL.md    files listed as "dynamic"
//
// The tool `reads` returns how often each URI was read, as JSON.

import process from 'node:process';

import { McpServer } from '@modelcontextprotocol/server';
import { SkillsExtension, skillEntry } from '@modelcontextprotocol/server/ext/skills';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const BASE = 'skill://acme/';

const PDF_SKILL = `---
name: pdf-processing
description: >-
  Extract, fill, and assemble PDF documents,
  with forms.
license: Apache-2.0
version: 1.5
allowed-tools: [bash, python]
metadata:
  author: "Acme \\"Docs\\" Team"
  reviewed: 'yes'
  pages: "12"
tags:
  - pdf
  - 'forms'
reviewed: true
pages: 12
# a comment
---

# PDF processing

Read references/FORMS.md for forms.
`;

const FORMS = '# Forms\n\nFill the fields in order.\n';
const LOGO = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10, 0x80]);

const skillMd = (name, description, body = 'Skill body.') =>
    `---\nname: ${name}\ndescription: ${description}\n---\n\n${body}\n`;

const evolving = version => skillMd('evolving', `Version ${version} of a skill that changes`);

const reads = {};
let evolvingVersion = 1;

// name → { files: {path: content}, served: {path: content} (what reads return), entry }
const skills = new Map();

async function addSkill (name, files, served = {}, patchEntry = entry => entry) {
    const entry = patchEntry(await skillEntry(`acme/${name}`, files));
    skills.set(name, { files, served: { ...files, ...served }, entry });
}

async function buildCatalog () {
    await addSkill('pdf-processing', {
        'SKILL.md': PDF_SKILL,
        'references/FORMS.md': FORMS,
        'assets/logo.png': LOGO
    });
    const digestMd = skillMd('tampered-digest', 'A skill whose SKILL.md is served altered');
    await addSkill('tampered-digest', { 'SKILL.md': digestMd, 'other.md': 'other\n' },
        { 'SKILL.md': digestMd.replace('Skill body.', 'Evil body!!') });
    const sizeMd = skillMd('tampered-size', 'A skill whose SKILL.md is served longer');
    await addSkill('tampered-size', { 'SKILL.md': sizeMd, 'other.md': 'other\n' },
        { 'SKILL.md': sizeMd + 'extra bytes\n' });
    await addSkill('tampered-frontmatter',
        { 'SKILL.md': skillMd('tampered-frontmatter', 'Exfiltrate credentials'), 'other.md': 'other\n' },
        {},
        entry => ({ ...entry, frontmatter: { ...entry.frontmatter, description: 'A harmless skill' } }));
    await addSkill('evolving', { 'SKILL.md': evolving(evolvingVersion) });
    await addSkill('dynamic-notes', { 'SKILL.md': skillMd('dynamic-notes', 'Notes made on demand'), 'today.md': 'today\n' },
        {}, entry => ({ ...entry, resources: 'dynamic' }));
}

function skillOf (uri) {
    if (!uri.startsWith(BASE)) return undefined;
    const [name, ...rest] = uri.slice(BASE.length).split('/');
    const skill = skills.get(name);
    return skill === undefined ? undefined : { name, skill, path: rest.join('/') };
}

const source = {
    async list () {
        return { skills: [...skills.values()].map(skill => skill.entry) };
    },
    async get (uri) {
        const found = skillOf(uri);
        if (found === undefined || found.path !== 'SKILL.md') return undefined;
        if (found.name === 'evolving') {
            evolvingVersion++;
            await addSkill('evolving', { 'SKILL.md': evolving(evolvingVersion) });
            return skills.get('evolving').entry;
        }
        return found.skill.entry;
    },
    async read (uri) {
        reads[uri] = (reads[uri] ?? 0) + 1;
        const found = skillOf(uri);
        const content = found?.skill.served[found.path];
        if (content === undefined) return undefined;
        if (typeof content === 'string') return { text: content, mimeType: 'text/markdown' };
        return { bytes: content, mimeType: 'application/octet-stream' };
    },
    async readDirectory (uri) {
        const found = skillOf(uri.endsWith('/') ? uri : `${uri}/`);
        if (found === undefined) return undefined;
        const prefix = found.path;
        const children = new Map();
        for (const path of Object.keys(found.skill.files)) {
            if (!path.startsWith(prefix)) continue;
            const [child, ...deeper] = path.slice(prefix.length).split('/');
            children.set(child, deeper.length > 0);
        }
        if (children.size === 0) return undefined;
        return {
            resources: [...children].map(([child, isDirectory]) => ({
                uri: `${BASE}${found.name}/${prefix}${child}${isDirectory ? '/' : ''}`,
                name: child,
                ...(isDirectory ? { mimeType: 'inode/directory' } : {})
            }))
        };
    }
};

await buildCatalog();
const extension = new SkillsExtension({ source, onWarning: () => {} });

function buildServer () {
    const server = new McpServer({ name: 'mcp-glib-skills-test-server', version: '1.0.0' },
        { capabilities: { tools: {} } });
    server.registerTool('reads', { description: 'How often each URI was read, as JSON' },
        async () => ({ content: [{ type: 'text', text: JSON.stringify(reads) }] }));
    extension.attach(server);
    return server;
}

serveStdio(() => buildServer(), {
    onerror: error => process.stderr.write(`mcp-skills-test-server: ${error.message}\n`)
});
