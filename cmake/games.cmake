# games.cmake: the games this build lists, shared by the native build and
# the WebAssembly one (wasm/CMakeLists.txt).
#
# Games register themselves by existing: every folder src/games/<id>/ that
# defines `const pf_game pf_game_<id>` is listed in a generated header.
# src/games/template/ is the pattern for a new game: built into the tests
# only (pf_template in CMakeLists.txt), never listed by the program.
# Sets game_list (the header's lines) and game_sources, and writes
# ${CMAKE_BINARY_DIR}/generated/games_list.h.
file(GLOB game_dirs LIST_DIRECTORIES true CONFIGURE_DEPENDS
     ${PF_SOURCE_DIR}/src/games/*)
# PF_GAMES (a ;-list) builds only some games, for working on one alone.
set(PF_GAMES "" CACHE STRING "games to build (empty: every folder in src/games)")
set(game_list "")
set(game_sources "")
foreach(dir ${game_dirs})
  if(IS_DIRECTORY ${dir})
    get_filename_component(id ${dir} NAME)
    if(id STREQUAL "template" OR (PF_GAMES AND NOT id IN_LIST PF_GAMES))
      continue()
    endif()
    file(GLOB srcs CONFIGURE_DEPENDS ${dir}/*.c)
    if(srcs)
      list(APPEND game_sources ${srcs})
      string(APPEND game_list "PF_GAME(${id})\n")
    endif()
  endif()
endforeach()
file(WRITE ${CMAKE_BINARY_DIR}/generated/games_list.h.tmp "${game_list}")
configure_file(${CMAKE_BINARY_DIR}/generated/games_list.h.tmp
               ${CMAKE_BINARY_DIR}/generated/games_list.h COPYONLY)
