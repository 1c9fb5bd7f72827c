"""The fixed layout (6e 1, 4): faces read from the data file, assemblies for 2-4 players,
wraps and AUTO WARPs as adjacency."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from wizarena.games.wizwar import board
from wizarena.games.wizwar.board import (
    CELLS,
    COLOURS,
    HOME,
    MIDDLE,
    TREASURE,
    Assembly,
    BoardDataError,
    assembly,
    assembly_names,
    data_notes,
    faces,
    named_assembly,
    parse_faces,
    rotate_cell,
)
from wizarena.games.wizwar.render import describe
from wizarena.games.wizwar.text import text_map

from .helpers import classic_map, side, sq


def raw_boards() -> dict:
    text = resources.files("wizarena.games.wizwar").joinpath("data/boards-thackeray.json").read_text("utf-8")
    return json.loads(text)


def raw_assemblies() -> dict:
    text = resources.files("wizarena.games.wizwar").joinpath("data/assemblies.json").read_text("utf-8")
    return json.loads(text)


def test_1_eight_faces_each_with_home_in_the_centre_and_two_treasure_marks() -> None:
    fs = faces()
    assert [f.name for f in fs] == [f"{c}-{s}" for c in COLOURS for s in ("front", "back")]
    for f in fs:
        assert f.kinds[12] == HOME
        assert f.kinds.count(TREASURE) == 2


def test_data_consistency_walls_agree_on_both_sides_and_doors_are_mirrored() -> None:
    for f in faces():
        for cell in range(CELLS):
            r, c = divmod(cell, 5)
            if c < 4:
                assert (f.walls[cell] >> 1 & 1) == (f.walls[cell + 1] >> 3 & 1)
                assert (f.doors[cell] >> 1 & 1) == (f.doors[cell + 1] >> 3 & 1)
            if r < 4:
                assert (f.walls[cell] >> 2 & 1) == (f.walls[cell + 5] & 1)
                assert (f.doors[cell] >> 2 & 1) == (f.doors[cell + 5] & 1)
            assert f.walls[cell] & f.doors[cell] == 0


def test_door_marks_on_outer_openings_are_dropped_and_reported() -> None:
    notes = data_notes()
    assert len(notes) == 4 and all("outer opening" in n for n in notes)
    blue_front = faces()[0]
    assert blue_front.doors[2 * 5 + 4] >> 1 & 1 == 0     # the E opening stays an opening
    assert blue_front.doors[3 * 5 + 3] >> 1 & 1 == 1     # the inner door between (3,3) and (3,4)


def test_a_wall_recorded_on_one_side_only_is_refused_by_name() -> None:
    data = copy.deepcopy(raw_boards())
    data["faces"]["red"]["back"][1][1]["walls"]["E"] = not data["faces"]["red"]["back"][1][1]["walls"]["E"]
    with pytest.raises(BoardDataError, match="red-back row 1 col 1: wall E differs"):
        parse_faces(data)


def test_a_face_without_a_middle_opening_is_refused() -> None:
    data = copy.deepcopy(raw_boards())
    data["faces"]["green"]["front"][0][2]["walls"]["N"] = True
    with pytest.raises(BoardDataError, match="green-front: no opening in the middle of side N"):
        parse_faces(data)


def test_the_classic_edition_plays_the_back_faces() -> None:
    assert board.edition_faces("classic") == (1, 3, 5, 7)
    assert board.edition_faces("new") == (0, 2, 4, 6)
    with pytest.raises(BoardDataError, match="unknown board edition 'sixth'"):
        board.edition_faces("sixth")


def test_assemblies_for_two_three_and_four_players() -> None:
    assert assembly_names() == ("2", "2-crossed", "3", "4")
    assert (assembly(2).width, assembly(2).height) == (10, 5)
    assert assembly(3).slots == ((0, 0), (1, 0), (0, 1))
    assert (assembly(4).width, assembly(4).height) == (10, 10)
    with pytest.raises(BoardDataError, match="no assembly for 5 players"):
        assembly(5)
    with pytest.raises(BoardDataError, match="crossed-exits variant is for two players"):
        assembly(4, crossed=True)


@pytest.mark.parametrize("name", ["2", "2-crossed", "3", "4"])
def test_wraps_pair_up(name: str) -> None:
    """Every step across a line has its way back, through the same two edges."""
    a = named_assembly(name)
    for s in range(a.n_squares):
        for d in range(4):
            t = a.step[s * 4 + d]
            assert t >= 0, "every side of every square leads somewhere (walls aside)"
            back = [b for b in range(4) if a.step[t * 4 + b] == s and a.side_edge[t * 4 + b] == a.far_edge[s * 4 + d]]
            assert len(back) == 1
            b = back[0]
            assert a.far_edge[t * 4 + b] == a.side_edge[s * 4 + d]
            assert (a.turn[s * 4 + d] + a.turn[t * 4 + b]) % 4 == 0
            assert (d + a.turn[s * 4 + d]) % 4 == (b + 2) % 4, "one arrives heading away from the far mouth"


@pytest.mark.parametrize("name", ["2", "2-crossed", "3", "4"])
def test_every_assembly_is_connected(name: str) -> None:
    """With every printed door locked, a wizard can still walk from any square to any
    other: the labyrinth is one piece (a wizard in a closed room would never leave)."""
    m = classic_map(int(name[0]), crossed=name.endswith("crossed"))
    dist = m.walk_distances(0, 10_000)
    assert all(x >= 0 for x in dist)


def test_4_two_players_wrap_east_to_west_and_north_to_south_of_the_same_sector() -> None:
    a = assembly(2)
    assert a.step[sq(a, 0, 2, 0) * 4 + 3] == sq(a, 1, 2, 4)
    assert a.step[sq(a, 0, 0, 2) * 4 + 0] == sq(a, 0, 4, 2)
    assert a.step[sq(a, 0, 2, 4) * 4 + 1] == sq(a, 1, 2, 0)  # the junction


def test_crossed_exits_lead_north_into_the_other_sector() -> None:
    a = assembly(2, crossed=True)
    assert a.step[sq(a, 0, 0, 2) * 4 + 0] == sq(a, 1, 4, 2)
    assert a.step[sq(a, 1, 0, 2) * 4 + 0] == sq(a, 0, 4, 2)


def test_4_auto_warp_joins_the_mouths_facing_the_missing_corner() -> None:
    """Three players: the L. Leaving slot 1 south (towards the missing corner) one comes
    out of slot 2's east side heading west, and leaving slot 1 north one comes out of
    slot 2's west side heading east."""
    a = assembly(3)
    i = sq(a, 1, 4, 2) * 4 + 2
    assert a.step[i] == sq(a, 2, 2, 4) and a.turn[i] == 1
    j = sq(a, 1, 0, 2) * 4 + 0
    assert a.step[j] == sq(a, 2, 2, 0) and a.turn[j] == 1
    assert a.step[sq(a, 0, 0, 2) * 4 + 0] == sq(a, 2, 4, 2)   # the plain wrap of column 0


def test_adjacent_counts_wraps_and_warps_and_ignores_walls() -> None:
    a = assembly(3)
    assert a.adjacent(sq(a, 1, 4, 2), sq(a, 2, 2, 4))
    assert a.adjacent(sq(a, 0, 0, 0), sq(a, 0, 0, 1))
    assert not a.adjacent(sq(a, 0, 0, 0), sq(a, 0, 1, 1))
    assert a.edge_between(sq(a, 0, 0, 0), sq(a, 0, 0, 1)) == a.side_edge[sq(a, 0, 0, 0) * 4 + 1]
    assert a.edge_between(sq(a, 0, 0, 0), sq(a, 0, 2, 2)) == -1


def test_an_outer_side_left_unlinked_is_refused() -> None:
    spec = copy.deepcopy(raw_assemblies()["assemblies"]["3"])
    spec["links"] = spec["links"][:3]
    with pytest.raises(BoardDataError, match="side N of slot 1 leads nowhere"):
        Assembly("broken", spec)


def test_a_link_on_an_inner_side_is_refused() -> None:
    spec = copy.deepcopy(raw_assemblies()["assemblies"]["2"])
    spec["links"].append({"a": [0, "E"], "b": [1, "W"], "kind": "wrap"})
    with pytest.raises(BoardDataError, match="side E of slot 0 is not on the outer edge"):
        Assembly("broken", spec)


def test_rotate_cell_four_quarter_turns_is_the_identity_and_one_turns_north_to_east() -> None:
    for cell in range(CELLS):
        assert rotate_cell(cell, 4) == cell
    assert rotate_cell(0, 1) == 4          # north-west corner goes to the north-east
    assert rotate_cell(MIDDLE, 1) == 2 * 5 + 4  # the N opening becomes the E opening


def test_ranges_count_to_the_mouth_and_on_from_the_far_end() -> None:
    a = assembly(3)
    dist = a.grid_distances(sq(a, 1, 3, 2))
    assert dist[sq(a, 1, 4, 2)] == 1
    assert dist[sq(a, 2, 2, 4)] == 2        # through the warp
    assert dist[sq(a, 2, 2, 2)] == 4
    assert all(d >= 0 for d in dist)


def test_the_text_map_shows_walls_doors_home_bases_marks_and_tokens() -> None:
    m = classic_map(2)
    a = m.asm
    door = next(e for e in range(a.n_edges) if m.kind(e) == 2)
    picture = text_map(m, {sq(a, 0, 0, 0): "W1"})
    lines = picture.splitlines()
    assert len(lines) == 2 * a.height + 1
    assert all(len(line) <= 4 * a.width + 1 for line in lines)
    assert "H0" in picture and "H1" in picture and " t " in picture
    assert lines[1][1:4] == " W1"
    assert "D" in picture
    m.open_door(door)
    assert text_map(m).count("D") == picture.count("D") - 1
    m.fill_stone(sq(a, 1, 0, 0), occupied=False)
    assert "###" in text_map(m)


def test_the_json_description_has_squares_with_coordinates_and_wall_segments() -> None:
    m = classic_map(3)
    a = m.asm
    doc = describe(m)
    json.dumps(doc)
    assert doc["width"] == 10 and doc["height"] == 10 and len(doc["squares"]) == 75
    first = doc["squares"][sq(a, 1, 2, 2)]
    assert (first["x"], first["y"], first["mark"], first["sector"]) == (7, 2, "home", 1)
    walls = [line for line in doc["lines"] if line["kind"] == "wall"]
    assert len(walls) == sum(1 for e in range(a.n_edges) if m.kind(e) == 1)
    north_west = side(a, sq(a, 0, 0, 0), 0)
    seg = next(line for line in doc["lines"] if line["id"] == north_west)
    assert (seg["from"], seg["to"], seg["hp"]) == ([0, 0], [1, 0], 20)
    assert any(line["kind"] == "door" and line["open"] is False for line in doc["lines"])
    assert {"a": [1, "S"], "b": [2, "E"], "kind": "warp"} in doc["links"]
